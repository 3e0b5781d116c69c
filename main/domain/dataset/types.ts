/**
 * The dataset's types, each derived from its schema (schema.ts), where each field is described. Amounts
 * are decimal strings, never floats.
 */
import type { Static } from 'typebox';
import type * as D from './schema';

export type InstitutionId = (typeof D.INSTITUTION_IDS)[number];
export type PaymentProduct = (typeof D.PAYMENT_PRODUCTS)[number];
export type PaymentCategory = (typeof D.PAYMENT_CATEGORIES)[number];
export type AccountPermission = (typeof D.ACCOUNT_PERMISSIONS)[number];
export type VopOutcome = (typeof D.VOP_OUTCOMES)[number];

export type Money = Static<typeof D.Money>;
export type BusinessCalendar = Static<typeof D.BusinessCalendar>;
export type Institution = Static<typeof D.Institution>;
export type ApprovalRules = Static<typeof D.ApprovalRules>;
export type CorporateCustomer = Static<typeof D.CorporateCustomer>;
export type AccountGrant = Static<typeof D.AccountGrant>;
export type Psu = Static<typeof D.Psu>;
export type RecurringTransaction = Static<typeof D.RecurringTransaction>;
export type TransactionHistory = Static<typeof D.TransactionHistory>;
export type Account = Static<typeof D.Account>;
export type Payee = Static<typeof D.Payee>;
export type SandboxPayment = Static<typeof D.SandboxPayment>;
export type SandboxBasket = Static<typeof D.SandboxBasket>;
export type SandboxConsent = Static<typeof D.SandboxConsent>;
export type SandboxData = Static<typeof D.SandboxData>;
export type Dataset = Static<typeof D.Dataset>;

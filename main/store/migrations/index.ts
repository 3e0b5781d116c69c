import { sql as initial } from './001-initial';
import { sql as payments } from './002-payments';
import { sql as baskets } from './003-signing-baskets';
import { sql as paymentSummaries } from './004-payment-summaries';
import { sql as exchangeResources } from './005-exchange-resources';
import { sql as payeeVerification } from './006-payee-verification';
import { sql as vopSettlement } from './007-vop-settlement';
import { sql as serviceBlocks } from './008-service-blocks';
import { sql as flowRuns } from './009-flow-runs';
import { sql as authorisationsByPayment } from './010-authorisations-by-payment';
import { sql as exchangeResourcesInMemory } from './011-exchange-resources-in-memory';
import { sql as journeyOutcomes } from './012-journey-outcomes';
import { sql as exchangeRetention } from './013-exchange-retention';
import { sql as exchangeRawHeaders } from './014-exchange-raw-headers';
import { sql as clientRedirectUris } from './015-client-redirect-uris';
import { sql as exchangeLogKept } from './016-exchange-log-kept';
import { sql as journeyDeadlines } from './017-journey-deadlines';
import { sql as exchangeSearchIndex } from './018-exchange-search-index';
import { sql as exchangeFaultRules } from './019-exchange-fault-rules';
import { sql as signatureEvidence } from './020-signature-evidence';
import { sql as exchangeParserRefusals } from './021-exchange-parser-refusals';
import { sql as lessonsPrepared } from './022-lessons-prepared';
import { sql as exchangeSearchShapesMarked } from './023-exchange-search-shapes-marked';
import { sql as exchangeSearchShapeColumn } from './024-exchange-search-shape-column';

/** Ordered schema migrations; the position + 1 is the version stored in PRAGMA user_version. Never edit a shipped one. */
export const MIGRATIONS: readonly string[] = [
  initial,
  payments,
  baskets,
  paymentSummaries,
  exchangeResources,
  payeeVerification,
  vopSettlement,
  serviceBlocks,
  flowRuns,
  authorisationsByPayment,
  exchangeResourcesInMemory,
  journeyOutcomes,
  exchangeRetention,
  exchangeRawHeaders,
  clientRedirectUris,
  exchangeLogKept,
  journeyDeadlines,
  exchangeSearchIndex,
  exchangeFaultRules,
  signatureEvidence,
  exchangeParserRefusals,
  lessonsPrepared,
  exchangeSearchShapesMarked,
  exchangeSearchShapeColumn,
];

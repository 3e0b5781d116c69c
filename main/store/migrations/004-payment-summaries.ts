/**
 * Version 4: what the bank's lists show of a payment without reading its stored pain.001 again:
 * the status before the last change (the state diagram lights the transition just taken), the
 * number of credit transfers, and the first creditors. Existing payments get the same values
 * from what is already stored.
 */
export const sql = `
ALTER TABLE payments ADD COLUMN previous_status TEXT;
ALTER TABLE payments ADD COLUMN transaction_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE payments ADD COLUMN creditor_preview TEXT NOT NULL DEFAULT '[]';

UPDATE payments SET
  transaction_count = (SELECT COUNT(*) FROM payment_transactions t WHERE t.payment_id = payments.payment_id),
  creditor_preview = (
    SELECT json_group_array(json_object(
      'name', json_extract(tx.value, '$.creditorName'),
      'iban', json_extract(tx.value, '$.creditorIban'),
      'otherId', json_extract(tx.value, '$.creditorOtherId'),
      'amount', json_extract(tx.value, '$.amount'),
      'currency', json_extract(tx.value, '$.currency')
    ) ORDER BY tx.key)
    FROM json_each(payments.parsed, '$.transactions') AS tx
    WHERE tx.key < 20
  );
`;

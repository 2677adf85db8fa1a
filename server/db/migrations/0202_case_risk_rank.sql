-- Manage Case sorts "risk level" by severity (High above Medium above Low above
-- Whitelist above Unknown), not alphabetically. The rank is a stored generated
-- column so the sort and the export's keyset pages use an index.
ALTER TABLE cases ADD COLUMN risk_rank smallint GENERATED ALWAYS AS (
  CASE risk_level WHEN 'High' THEN 4 WHEN 'Medium' THEN 3 WHEN 'Low' THEN 2 WHEN 'Whitelist' THEN 1 ELSE 0 END
) STORED;
CREATE INDEX cases_risk ON cases (organisation_id, is_deleted, risk_rank DESC, id DESC);

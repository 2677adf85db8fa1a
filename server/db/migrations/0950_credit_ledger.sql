-- The credit ledger (docs/billing.md, "Credits ledger"): every change of an organisation's AML Screening,
-- Media Watcher and Transaction Monitoring credits is one row here, and nothing else changes them. The
-- organisation's *_credits_alloted / *_credits_used columns stay, because every session and many readers use
-- them, but they are the ledger's projection: a trigger moves them as each row is inserted, in the same
-- transaction, so code cannot write a row and forget the counters or the other way round.
-- grant and purchase raise the allotment (a NULL allotment, not limited, becomes limited); spend raises the
-- used count; refund lowers it. Rows are never changed or removed, except by removing the organisation.
CREATE TABLE credit_ledger (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('aml_screening', 'media_watcher', 'transaction_monitoring')),
  entry text NOT NULL CHECK (entry IN ('grant', 'purchase', 'spend', 'refund')),
  amount integer NOT NULL CHECK (amount > 0),
  -- Allotted minus used once this row counted; NULL while the kind is not limited. Set by the trigger.
  balance_after integer,
  reason text NOT NULL CHECK (reason IN ('opening_balance', 'trial', 'plan', 'top_up', 'operator', 'case_search', 'bulk_search',
    'monitoring', 'media_search', 'media_fetch_more', 'media_monitoring', 'transactions', 'demo_search', 'refund')),
  -- The user whose action wrote the row; NULL for background work (monitoring, seeding, operators' commands).
  -- Users are deleted for good (delete-user), so the reference is cleared with them like the audit trail's
  -- actor: the append-only trigger lets exactly that clearing through (see credit_ledger_append_only).
  actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
  subject_type text CHECK (subject_type IN ('case', 'batch', 'media_case', 'transaction', 'invoice')),
  subject_id text,
  subject_label text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((subject_type IS NULL) = (subject_id IS NULL))
);
-- A kind's rows by time (balances by day, today's searches); the ledger page, newest first, of all kinds.
CREATE INDEX credit_ledger_org_kind_time ON credit_ledger (organisation_id, kind, created_at);
CREATE INDEX credit_ledger_org_time ON credit_ledger (organisation_id, created_at, id);

-- Opening balances: what the counters held before the ledger existed, written before the triggers so the
-- counters are not moved a second time.
INSERT INTO credit_ledger (organisation_id, kind, entry, amount, balance_after, reason)
SELECT o.id, k.kind, 'grant', k.alloted, k.alloted, 'opening_balance'
  FROM organisations o
 CROSS JOIN LATERAL (VALUES ('aml_screening', o.aml_screening_credits_alloted),
                            ('media_watcher', o.media_watcher_credits_alloted),
                            ('transaction_monitoring', o.transaction_monitoring_credits_alloted)) AS k(kind, alloted)
 WHERE k.alloted > 0
 ORDER BY o.created_at, o.id, k.kind;

INSERT INTO credit_ledger (organisation_id, kind, entry, amount, balance_after, reason)
SELECT o.id, k.kind, 'spend', k.used, k.alloted - k.used, 'opening_balance'
  FROM organisations o
 CROSS JOIN LATERAL (VALUES ('aml_screening', o.aml_screening_credits_alloted, o.aml_screening_credits_used),
                            ('media_watcher', o.media_watcher_credits_alloted, o.media_watcher_credits_used),
                            ('transaction_monitoring', o.transaction_monitoring_credits_alloted, o.transaction_monitoring_credits_used))
       AS k(kind, alloted, used)
 WHERE k.used > 0
 ORDER BY o.created_at, o.id, k.kind;

-- Moves the organisation's counters for a new row and records the balance after it. The UPDATE locks the
-- organisation row, so rows of one organisation are applied one at a time. A spend beyond the allotment or a
-- refund beyond what was used is refused here as well: the spending code checks first and answers the
-- user's message, this is the floor under it.
CREATE FUNCTION credit_ledger_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  grants integer := CASE WHEN NEW.entry IN ('grant', 'purchase') THEN NEW.amount ELSE 0 END;
  uses integer := CASE NEW.entry WHEN 'spend' THEN NEW.amount WHEN 'refund' THEN -NEW.amount ELSE 0 END;
  new_alloted integer;
  new_used integer;
BEGIN
  -- One static statement per kind (plpgsql keeps their plans), rather than one built from the column names.
  -- A grant to a kind without an allotment (NULL, not limited) starts it from 0.
  IF NEW.kind = 'aml_screening' THEN
    UPDATE organisations
       SET aml_screening_credits_alloted = CASE WHEN grants > 0 THEN coalesce(aml_screening_credits_alloted, 0) + grants ELSE aml_screening_credits_alloted END,
           aml_screening_credits_used = aml_screening_credits_used + uses, updated_at = now()
     WHERE id = NEW.organisation_id
     RETURNING aml_screening_credits_alloted, aml_screening_credits_used INTO new_alloted, new_used;
  ELSIF NEW.kind = 'media_watcher' THEN
    UPDATE organisations
       SET media_watcher_credits_alloted = CASE WHEN grants > 0 THEN coalesce(media_watcher_credits_alloted, 0) + grants ELSE media_watcher_credits_alloted END,
           media_watcher_credits_used = media_watcher_credits_used + uses, updated_at = now()
     WHERE id = NEW.organisation_id
     RETURNING media_watcher_credits_alloted, media_watcher_credits_used INTO new_alloted, new_used;
  ELSE
    UPDATE organisations
       SET transaction_monitoring_credits_alloted = CASE WHEN grants > 0 THEN coalesce(transaction_monitoring_credits_alloted, 0) + grants ELSE transaction_monitoring_credits_alloted END,
           transaction_monitoring_credits_used = transaction_monitoring_credits_used + uses, updated_at = now()
     WHERE id = NEW.organisation_id
     RETURNING transaction_monitoring_credits_alloted, transaction_monitoring_credits_used INTO new_alloted, new_used;
  END IF;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'credit_ledger: organisation % does not exist', NEW.organisation_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF NEW.entry = 'spend' AND new_alloted IS NOT NULL AND new_used > new_alloted THEN
    RAISE EXCEPTION 'credit_ledger: spending % % credits exceeds the balance', NEW.amount, NEW.kind USING ERRCODE = 'check_violation';
  END IF;
  IF new_used < 0 THEN
    RAISE EXCEPTION 'credit_ledger: refunding % % credits exceeds what was used', NEW.amount, NEW.kind USING ERRCODE = 'check_violation';
  END IF;
  NEW.balance_after := new_alloted - new_used;
  RETURN NEW;
END;
$$;

CREATE TRIGGER credit_ledger_apply BEFORE INSERT ON credit_ledger FOR EACH ROW EXECUTE FUNCTION credit_ledger_apply();

-- Append-only. Two changes come from removing something else and are let through, each told apart by the
-- referenced row being gone already when the foreign key's action runs: removing an organisation deletes its
-- rows (ON DELETE CASCADE), and removing a user clears actor_id and nothing else (ON DELETE SET NULL).
-- Any other UPDATE or DELETE is refused.
CREATE FUNCTION credit_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM organisations WHERE id = OLD.organisation_id) THEN
      RETURN OLD;
    END IF;
  ELSIF NEW.actor_id IS NULL AND OLD.actor_id IS NOT NULL
        AND (NEW.id, NEW.organisation_id, NEW.kind, NEW.entry, NEW.amount, NEW.balance_after, NEW.reason, NEW.subject_type,
             NEW.subject_id, NEW.subject_label, NEW.created_at)
            IS NOT DISTINCT FROM
            (OLD.id, OLD.organisation_id, OLD.kind, OLD.entry, OLD.amount, OLD.balance_after, OLD.reason, OLD.subject_type,
             OLD.subject_id, OLD.subject_label, OLD.created_at)
        AND NOT EXISTS (SELECT 1 FROM users WHERE id = OLD.actor_id) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'credit_ledger is append-only: % of a ledger row is refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;

CREATE TRIGGER credit_ledger_append_only BEFORE UPDATE OR DELETE ON credit_ledger FOR EACH ROW EXECUTE FUNCTION credit_ledger_append_only();

-- The daily search limit is now counted from the ledger (today's spends of the reasons common/billing.ts
-- names DAILY_LIMITED_REASONS), through credit_ledger_org_kind_time.
DROP TABLE screening_usage;

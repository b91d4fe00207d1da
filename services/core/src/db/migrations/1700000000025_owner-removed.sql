-- Up Migration
-- Ownership marks belong to the owner. Wherever owner_id becomes null (an account deleted, whose
-- foreign key sets it null, or any writer), the claim's approval, the last reminder and the owner's last
-- 'Everything is still accurate' go with it, so no later owner inherits 'Managed by its owner' or its dates.
CREATE FUNCTION businesses_owner_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.owner_claimed_at := NULL;
  NEW.owner_reminded_at := NULL;
  NEW.owner_confirmed_at := NULL;
  RETURN NEW;
END $$;

CREATE TRIGGER businesses_owner_removed BEFORE UPDATE OF owner_id ON businesses FOR EACH ROW
  WHEN (NEW.owner_id IS NULL AND (NEW.owner_claimed_at IS NOT NULL OR NEW.owner_reminded_at IS NOT NULL OR NEW.owner_confirmed_at IS NOT NULL))
  EXECUTE FUNCTION businesses_owner_removed();

-- Marks left by owners removed before this migration (only a claim sets them, so claimed rows hold them all; the
-- partial reminder index finds those rows without reading the table).
UPDATE businesses SET owner_claimed_at = NULL, owner_reminded_at = NULL, owner_confirmed_at = NULL
 WHERE owner_id IS NULL AND owner_claimed_at IS NOT NULL;

-- Down Migration
DROP TRIGGER businesses_owner_removed ON businesses;
DROP FUNCTION businesses_owner_removed();

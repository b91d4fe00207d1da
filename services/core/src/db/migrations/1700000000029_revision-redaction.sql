-- Up Migration
-- An admin may take a revision's values out of the public history (personal data, an owner's home address). The
-- values are deleted from the stored changes, not hidden: the redacted revision keeps only each field's before
-- (the value it replaced, which reverting to an older version needs) and the reason shown in its place; every other
-- revision of the business loses the same values of the same fields wherever they stand (the next change's before,
-- a revert that brought them back), each side so emptied named in the field's 'removed' list.
-- Two nullable columns without a default: no table rewrite.
ALTER TABLE business_revisions
  ADD COLUMN redacted_at timestamptz,
  ADD COLUMN redaction_reason text,
  ADD CONSTRAINT business_revisions_redaction_check CHECK ((redacted_at IS NULL) = (redaction_reason IS NULL));

-- `changes` without the values `removed` ({field: value}): a side holding its field's removed value becomes null
-- and is added to the field's 'removed' list.
CREATE FUNCTION business_revision_without_values(changes jsonb, removed jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(c.key, CASE WHEN NOT removed ? c.key THEN c.value ELSE (
           SELECT jsonb_build_object(
                    'before', CASE WHEN 'before' = ANY (sides.gone) THEN 'null'::jsonb ELSE c.value -> 'before' END,
                    'after', CASE WHEN 'after' = ANY (sides.gone) THEN 'null'::jsonb ELSE c.value -> 'after' END)
                  || CASE WHEN cardinality(sides.gone) = 0 THEN '{}'::jsonb ELSE jsonb_build_object('removed', to_jsonb(sides.gone)) END
             FROM (SELECT ARRAY(
                     SELECT side FROM unnest(ARRAY['before', 'after']) side
                      WHERE c.value -> side = removed -> c.key
                         OR coalesce(c.value -> 'removed', '[]'::jsonb) ? side) AS gone) sides)
         END), '{}'::jsonb)
    FROM jsonb_each(changes) c
$$;

-- Down Migration
DROP FUNCTION business_revision_without_values(jsonb, jsonb);
ALTER TABLE business_revisions DROP CONSTRAINT business_revisions_redaction_check,
  DROP COLUMN redaction_reason, DROP COLUMN redacted_at;

-- Up Migration
-- Names and cities are one line (the contract refuses line breaks and control characters in them,
-- as they are written into other members' mails). Those stored before are made one line: each run of such characters
-- becomes one space, and the ends are trimmed. A business's change is recorded in its history as any edit is, by no
-- one named. Usernames never held them (letters, digits, '.', '_' and '-' only).
UPDATE businesses
   SET name = btrim(regexp_replace(name, '[\x01-\x1f\x7f-\x9f\u2028\u2029]+', ' ', 'g')),
       name_latin = btrim(regexp_replace(name_latin, '[\x01-\x1f\x7f-\x9f\u2028\u2029]+', ' ', 'g')),
       city = btrim(regexp_replace(city, '[\x01-\x1f\x7f-\x9f\u2028\u2029]+', ' ', 'g'))
 WHERE name ~ '[\x01-\x1f\x7f-\x9f\u2028\u2029]'
    OR name_latin ~ '[\x01-\x1f\x7f-\x9f\u2028\u2029]'
    OR city ~ '[\x01-\x1f\x7f-\x9f\u2028\u2029]';

UPDATE users
   SET name = btrim(regexp_replace(name, '[\x01-\x1f\x7f-\x9f\u2028\u2029]+', ' ', 'g'))
 WHERE name ~ '[\x01-\x1f\x7f-\x9f\u2028\u2029]';

-- Down Migration
-- The texts as they were are not kept: nothing to undo.

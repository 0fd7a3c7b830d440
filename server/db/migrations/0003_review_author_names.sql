-- Reviews are public: a review is shown under its author's first name, else 'Customer', never an
-- e-mail address (domain/reviewer-name.ts). Rows written before stored the full name, the
-- account's display name or the e-mail; this gives them the name the rule gives a new review.
UPDATE "reviews" AS r SET "user_name" = coalesce(
  (
    SELECT CASE
      WHEN n.first <> '' AND position('@' in n.first) = 0 THEN left(n.first, 50)
      WHEN n.display <> '' AND position('@' in n.display) = 0 THEN left(n.display, 50)
      ELSE 'Customer'
    END
    FROM "users" AS u
    CROSS JOIN LATERAL (
      SELECT
        btrim(regexp_replace(coalesce(u."first_name", ''), '\s+', ' ', 'g')) AS first,
        split_part(btrim(regexp_replace(coalesce(u."name", ''), '\s+', ' ', 'g')), ' ', 1) AS display
    ) AS n
    WHERE u."id" = r."user_id"
  ),
  -- The author's account is gone: keep the first word of what was stored, unless it is an address.
  CASE
    WHEN position('@' in r."user_name") > 0 OR btrim(r."user_name") = '' THEN 'Customer'
    ELSE left(split_part(btrim(regexp_replace(r."user_name", '\s+', ' ', 'g')), ' ', 1), 50)
  END
);

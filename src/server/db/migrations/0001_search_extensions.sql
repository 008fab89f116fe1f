-- Trigram matching for search over messages and titles (substrings, typos, any language).
-- On PostgreSQL this needs the contrib package (Debian: postgresql-contrib, part of `postgresql`).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

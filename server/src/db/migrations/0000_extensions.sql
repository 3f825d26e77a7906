-- Trigram indexes serve the customer list's case-insensitive `q` / `contains` search.
-- pg_trgm ships with PostgreSQL and is a trusted extension (a database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- pg_trgm backs the keyword search (GIN indexes on search_text). It is a trusted extension on
-- PostgreSQL 13+, and PGlite loads it because the client passes it in `extensions`.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

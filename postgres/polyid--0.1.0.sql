-- polyid's PostgreSQL extension (CREATE EXTENSION polyid): the types polyid_uid11, polyid_xid,
-- polyid_tid and polyid_euid (PostgreSQL has types of its own named xid and tid, hence the
-- prefix) with their operators, indexes and casts, and the functions of polyid's SQLite and
-- DuckDB extensions under the same names and the same types as the pure-SQL tier
-- (polyid--plpgsql.sql), computed by polyid's core. docs/sql.md is the user's page.
--
-- Layouts: uid11, xid and TID values hold their 64-bit value as a bigint holds its bits (passed by
-- value); EUIDs their 16 bytes as uuid holds them. Comparisons, hashes and binary I/O that
-- PostgreSQL already has for those layouts are declared over its own functions (LANGUAGE
-- internal): bigint's for tid (a signed value), uuid's for euid; uid11 and xid are unsigned
-- and compare with the extension's own functions.

\echo Use "CREATE EXTENSION polyid" to load this file. \quit

-- ----------------------------------------------------------------------------------------
-- Types

CREATE TYPE polyid_uid11;
CREATE FUNCTION polyid_uid11_in(cstring) RETURNS polyid_uid11
AS 'MODULE_PATHNAME', 'polyid_uid11_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_uid11_out(polyid_uid11) RETURNS cstring
AS 'MODULE_PATHNAME', 'polyid_uid11_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_uid11_recv(internal) RETURNS polyid_uid11
AS 'int8recv' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_uid11_send(polyid_uid11) RETURNS bytea
AS 'int8send' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE TYPE polyid_uid11 (
    INPUT = polyid_uid11_in, OUTPUT = polyid_uid11_out, RECEIVE = polyid_uid11_recv, SEND = polyid_uid11_send,
    INTERNALLENGTH = 8, PASSEDBYVALUE, ALIGNMENT = double, STORAGE = plain
);
COMMENT ON TYPE polyid_uid11 IS 'polyid: an unsigned 64-bit value as 11 Base58 symbols (docs/spec)';

CREATE TYPE polyid_xid;
CREATE FUNCTION polyid_xid_in(cstring) RETURNS polyid_xid
AS 'MODULE_PATHNAME', 'polyid_xid_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_xid_out(polyid_xid) RETURNS cstring
AS 'MODULE_PATHNAME', 'polyid_xid_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_xid_recv(internal) RETURNS polyid_xid
AS 'int8recv' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_xid_send(polyid_xid) RETURNS bytea
AS 'int8send' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE TYPE polyid_xid (
    INPUT = polyid_xid_in, OUTPUT = polyid_xid_out, RECEIVE = polyid_xid_recv, SEND = polyid_xid_send,
    INTERNALLENGTH = 8, PASSEDBYVALUE, ALIGNMENT = double, STORAGE = plain
);
COMMENT ON TYPE polyid_xid IS 'polyid: a timestamped uid11: 42 bits of milliseconds since 2011-11-11T11:11:11.111Z, 22 bits below';

CREATE TYPE polyid_tid;
CREATE FUNCTION polyid_tid_in(cstring) RETURNS polyid_tid
AS 'MODULE_PATHNAME', 'polyid_tid_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_out(polyid_tid) RETURNS cstring
AS 'MODULE_PATHNAME', 'polyid_tid_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_recv(internal) RETURNS polyid_tid
AS 'MODULE_PATHNAME', 'polyid_tid_recv' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_send(polyid_tid) RETURNS bytea
AS 'int8send' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE TYPE polyid_tid (
    INPUT = polyid_tid_in, OUTPUT = polyid_tid_out, RECEIVE = polyid_tid_recv, SEND = polyid_tid_send,
    INTERNALLENGTH = 8, PASSEDBYVALUE, ALIGNMENT = double, STORAGE = plain
);
COMMENT ON TYPE polyid_tid IS 'polyid: a TID: signed microseconds and a 10-bit clock id, 13 base32-sortable symbols (AT Protocol compatible)';

CREATE TYPE polyid_euid;
CREATE FUNCTION polyid_euid_in(cstring) RETURNS polyid_euid
AS 'MODULE_PATHNAME', 'polyid_euid_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_euid_out(polyid_euid) RETURNS cstring
AS 'MODULE_PATHNAME', 'polyid_euid_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_euid_recv(internal) RETURNS polyid_euid
AS 'uuid_recv' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_euid_send(polyid_euid) RETURNS bytea
AS 'uuid_send' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE TYPE polyid_euid (
    INPUT = polyid_euid_in, OUTPUT = polyid_euid_out, RECEIVE = polyid_euid_recv, SEND = polyid_euid_send,
    INTERNALLENGTH = 16, ALIGNMENT = char, STORAGE = plain
);
COMMENT ON TYPE polyid_euid IS 'polyid: an EUID: 128 bits, sortable, with an extension field and a check symbol (27 symbols)';

-- ----------------------------------------------------------------------------------------
-- Comparisons, operators, index support

-- polyid_uid11
CREATE FUNCTION polyid_uid11_lt(polyid_uid11, polyid_uid11) RETURNS boolean
AS 'MODULE_PATHNAME', 'polyid_u64_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_uid11_le(polyid_uid11, polyid_uid11) RETURNS boolean
AS 'MODULE_PATHNAME', 'polyid_u64_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_uid11_eq(polyid_uid11, polyid_uid11) RETURNS boolean
AS 'int8eq' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_uid11_ne(polyid_uid11, polyid_uid11) RETURNS boolean
AS 'int8ne' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_uid11_ge(polyid_uid11, polyid_uid11) RETURNS boolean
AS 'MODULE_PATHNAME', 'polyid_u64_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_uid11_gt(polyid_uid11, polyid_uid11) RETURNS boolean
AS 'MODULE_PATHNAME', 'polyid_u64_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_uid11_cmp(polyid_uid11, polyid_uid11) RETURNS integer
AS 'MODULE_PATHNAME', 'polyid_u64_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_uid11_sortsupport(internal) RETURNS void
AS 'MODULE_PATHNAME', 'polyid_u64_sortsupport' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_uid11_hash(polyid_uid11) RETURNS integer
AS 'hashint8' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_uid11_hash_extended(polyid_uid11, bigint) RETURNS bigint
AS 'hashint8extended' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR < (LEFTARG = polyid_uid11, RIGHTARG = polyid_uid11, FUNCTION = polyid_uid11_lt, COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel);
CREATE OPERATOR <= (LEFTARG = polyid_uid11, RIGHTARG = polyid_uid11, FUNCTION = polyid_uid11_le, COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel);
CREATE OPERATOR = (LEFTARG = polyid_uid11, RIGHTARG = polyid_uid11, FUNCTION = polyid_uid11_eq, COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (LEFTARG = polyid_uid11, RIGHTARG = polyid_uid11, FUNCTION = polyid_uid11_ne, COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel);
CREATE OPERATOR >= (LEFTARG = polyid_uid11, RIGHTARG = polyid_uid11, FUNCTION = polyid_uid11_ge, COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel);
CREATE OPERATOR > (LEFTARG = polyid_uid11, RIGHTARG = polyid_uid11, FUNCTION = polyid_uid11_gt, COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel);
CREATE OPERATOR CLASS polyid_uid11_ops DEFAULT FOR TYPE polyid_uid11 USING btree AS
    OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,
    FUNCTION 1 polyid_uid11_cmp(polyid_uid11, polyid_uid11),
    FUNCTION 2 polyid_uid11_sortsupport(internal),
    FUNCTION 4 btequalimage(oid);
CREATE OPERATOR CLASS polyid_uid11_hash_ops DEFAULT FOR TYPE polyid_uid11 USING hash AS
    OPERATOR 1 =,
    FUNCTION 1 polyid_uid11_hash(polyid_uid11),
    FUNCTION 2 polyid_uid11_hash_extended(polyid_uid11, bigint);

-- polyid_xid
CREATE FUNCTION polyid_xid_lt(polyid_xid, polyid_xid) RETURNS boolean
AS 'MODULE_PATHNAME', 'polyid_u64_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_xid_le(polyid_xid, polyid_xid) RETURNS boolean
AS 'MODULE_PATHNAME', 'polyid_u64_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_xid_eq(polyid_xid, polyid_xid) RETURNS boolean
AS 'int8eq' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_xid_ne(polyid_xid, polyid_xid) RETURNS boolean
AS 'int8ne' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_xid_ge(polyid_xid, polyid_xid) RETURNS boolean
AS 'MODULE_PATHNAME', 'polyid_u64_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_xid_gt(polyid_xid, polyid_xid) RETURNS boolean
AS 'MODULE_PATHNAME', 'polyid_u64_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_xid_cmp(polyid_xid, polyid_xid) RETURNS integer
AS 'MODULE_PATHNAME', 'polyid_u64_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_xid_sortsupport(internal) RETURNS void
AS 'MODULE_PATHNAME', 'polyid_u64_sortsupport' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_xid_hash(polyid_xid) RETURNS integer
AS 'hashint8' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_xid_hash_extended(polyid_xid, bigint) RETURNS bigint
AS 'hashint8extended' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR < (LEFTARG = polyid_xid, RIGHTARG = polyid_xid, FUNCTION = polyid_xid_lt, COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel);
CREATE OPERATOR <= (LEFTARG = polyid_xid, RIGHTARG = polyid_xid, FUNCTION = polyid_xid_le, COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel);
CREATE OPERATOR = (LEFTARG = polyid_xid, RIGHTARG = polyid_xid, FUNCTION = polyid_xid_eq, COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (LEFTARG = polyid_xid, RIGHTARG = polyid_xid, FUNCTION = polyid_xid_ne, COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel);
CREATE OPERATOR >= (LEFTARG = polyid_xid, RIGHTARG = polyid_xid, FUNCTION = polyid_xid_ge, COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel);
CREATE OPERATOR > (LEFTARG = polyid_xid, RIGHTARG = polyid_xid, FUNCTION = polyid_xid_gt, COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel);
CREATE OPERATOR CLASS polyid_xid_ops DEFAULT FOR TYPE polyid_xid USING btree AS
    OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,
    FUNCTION 1 polyid_xid_cmp(polyid_xid, polyid_xid),
    FUNCTION 2 polyid_xid_sortsupport(internal),
    FUNCTION 4 btequalimage(oid);
CREATE OPERATOR CLASS polyid_xid_hash_ops DEFAULT FOR TYPE polyid_xid USING hash AS
    OPERATOR 1 =,
    FUNCTION 1 polyid_xid_hash(polyid_xid),
    FUNCTION 2 polyid_xid_hash_extended(polyid_xid, bigint);

-- polyid_tid
CREATE FUNCTION polyid_tid_lt(polyid_tid, polyid_tid) RETURNS boolean
AS 'int8lt' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_le(polyid_tid, polyid_tid) RETURNS boolean
AS 'int8le' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_eq(polyid_tid, polyid_tid) RETURNS boolean
AS 'int8eq' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_ne(polyid_tid, polyid_tid) RETURNS boolean
AS 'int8ne' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_ge(polyid_tid, polyid_tid) RETURNS boolean
AS 'int8ge' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_gt(polyid_tid, polyid_tid) RETURNS boolean
AS 'int8gt' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_cmp(polyid_tid, polyid_tid) RETURNS integer
AS 'btint8cmp' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_sortsupport(internal) RETURNS void
AS 'btint8sortsupport' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_hash(polyid_tid) RETURNS integer
AS 'hashint8' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_hash_extended(polyid_tid, bigint) RETURNS bigint
AS 'hashint8extended' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR < (LEFTARG = polyid_tid, RIGHTARG = polyid_tid, FUNCTION = polyid_tid_lt, COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel);
CREATE OPERATOR <= (LEFTARG = polyid_tid, RIGHTARG = polyid_tid, FUNCTION = polyid_tid_le, COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel);
CREATE OPERATOR = (LEFTARG = polyid_tid, RIGHTARG = polyid_tid, FUNCTION = polyid_tid_eq, COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (LEFTARG = polyid_tid, RIGHTARG = polyid_tid, FUNCTION = polyid_tid_ne, COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel);
CREATE OPERATOR >= (LEFTARG = polyid_tid, RIGHTARG = polyid_tid, FUNCTION = polyid_tid_ge, COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel);
CREATE OPERATOR > (LEFTARG = polyid_tid, RIGHTARG = polyid_tid, FUNCTION = polyid_tid_gt, COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel);
CREATE OPERATOR CLASS polyid_tid_ops DEFAULT FOR TYPE polyid_tid USING btree AS
    OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,
    FUNCTION 1 polyid_tid_cmp(polyid_tid, polyid_tid),
    FUNCTION 2 polyid_tid_sortsupport(internal),
    FUNCTION 4 btequalimage(oid);
CREATE OPERATOR CLASS polyid_tid_hash_ops DEFAULT FOR TYPE polyid_tid USING hash AS
    OPERATOR 1 =,
    FUNCTION 1 polyid_tid_hash(polyid_tid),
    FUNCTION 2 polyid_tid_hash_extended(polyid_tid, bigint);

-- polyid_euid
CREATE FUNCTION polyid_euid_lt(polyid_euid, polyid_euid) RETURNS boolean
AS 'uuid_lt' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_euid_le(polyid_euid, polyid_euid) RETURNS boolean
AS 'uuid_le' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_euid_eq(polyid_euid, polyid_euid) RETURNS boolean
AS 'uuid_eq' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_euid_ne(polyid_euid, polyid_euid) RETURNS boolean
AS 'uuid_ne' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_euid_ge(polyid_euid, polyid_euid) RETURNS boolean
AS 'uuid_ge' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_euid_gt(polyid_euid, polyid_euid) RETURNS boolean
AS 'uuid_gt' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_euid_cmp(polyid_euid, polyid_euid) RETURNS integer
AS 'uuid_cmp' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_euid_sortsupport(internal) RETURNS void
AS 'uuid_sortsupport' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_euid_hash(polyid_euid) RETURNS integer
AS 'uuid_hash' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_euid_hash_extended(polyid_euid, bigint) RETURNS bigint
AS 'uuid_hash_extended' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR < (LEFTARG = polyid_euid, RIGHTARG = polyid_euid, FUNCTION = polyid_euid_lt, COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel);
CREATE OPERATOR <= (LEFTARG = polyid_euid, RIGHTARG = polyid_euid, FUNCTION = polyid_euid_le, COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel);
CREATE OPERATOR = (LEFTARG = polyid_euid, RIGHTARG = polyid_euid, FUNCTION = polyid_euid_eq, COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (LEFTARG = polyid_euid, RIGHTARG = polyid_euid, FUNCTION = polyid_euid_ne, COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel);
CREATE OPERATOR >= (LEFTARG = polyid_euid, RIGHTARG = polyid_euid, FUNCTION = polyid_euid_ge, COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel);
CREATE OPERATOR > (LEFTARG = polyid_euid, RIGHTARG = polyid_euid, FUNCTION = polyid_euid_gt, COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel);
CREATE OPERATOR CLASS polyid_euid_ops DEFAULT FOR TYPE polyid_euid USING btree AS
    OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,
    FUNCTION 1 polyid_euid_cmp(polyid_euid, polyid_euid),
    FUNCTION 2 polyid_euid_sortsupport(internal),
    FUNCTION 4 btequalimage(oid);
CREATE OPERATOR CLASS polyid_euid_hash_ops DEFAULT FOR TYPE polyid_euid USING hash AS
    OPERATOR 1 =,
    FUNCTION 1 polyid_euid_hash(polyid_euid),
    FUNCTION 2 polyid_euid_hash_extended(polyid_euid, bigint);

-- ----------------------------------------------------------------------------------------
-- Casts (explicit; text casts are PostgreSQL's own, through the types' text forms). uid11 and
-- xid to and from bigint keep the 64 bits (a value from 2^63 up reads as negative, as in the
-- pure-SQL tier); numeric holds the unsigned value; bytea the 8 bytes big-endian (16 for an
-- EUID); an EUID is a uuid of the same bytes.

CREATE FUNCTION polyid_uid11_to_numeric(polyid_uid11) RETURNS numeric
AS 'MODULE_PATHNAME', 'polyid_uid11_to_numeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_uid11_from_numeric(numeric) RETURNS polyid_uid11
AS 'MODULE_PATHNAME', 'polyid_uid11_from_numeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_uid11_to_bytea(polyid_uid11) RETURNS bytea
AS 'MODULE_PATHNAME', 'polyid_uid11_to_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_uid11_from_bytea(bytea) RETURNS polyid_uid11
AS 'MODULE_PATHNAME', 'polyid_uid11_from_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_xid_to_numeric(polyid_xid) RETURNS numeric
AS 'MODULE_PATHNAME', 'polyid_xid_to_numeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_xid_from_numeric(numeric) RETURNS polyid_xid
AS 'MODULE_PATHNAME', 'polyid_xid_from_numeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_xid_to_bytea(polyid_xid) RETURNS bytea
AS 'MODULE_PATHNAME', 'polyid_xid_to_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_xid_from_bytea(bytea) RETURNS polyid_xid
AS 'MODULE_PATHNAME', 'polyid_xid_from_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_to_numeric(polyid_tid) RETURNS numeric
AS 'MODULE_PATHNAME', 'polyid_tid_to_numeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_from_numeric(numeric) RETURNS polyid_tid
AS 'MODULE_PATHNAME', 'polyid_tid_from_numeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_to_bytea(polyid_tid) RETURNS bytea
AS 'MODULE_PATHNAME', 'polyid_tid_to_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_from_bytea(bytea) RETURNS polyid_tid
AS 'MODULE_PATHNAME', 'polyid_tid_from_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_from_int8(bigint) RETURNS polyid_tid
AS 'MODULE_PATHNAME', 'polyid_tid_from_int8' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_euid_to_bytea(polyid_euid) RETURNS bytea
AS 'MODULE_PATHNAME', 'polyid_euid_to_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_euid_from_bytea(bytea) RETURNS polyid_euid
AS 'MODULE_PATHNAME', 'polyid_euid_from_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE CAST (polyid_uid11 AS bigint) WITHOUT FUNCTION;
CREATE CAST (bigint AS polyid_uid11) WITHOUT FUNCTION;
CREATE CAST (polyid_xid AS bigint) WITHOUT FUNCTION;
CREATE CAST (bigint AS polyid_xid) WITHOUT FUNCTION;
CREATE CAST (polyid_uid11 AS polyid_xid) WITHOUT FUNCTION;
CREATE CAST (polyid_xid AS polyid_uid11) WITHOUT FUNCTION;
CREATE CAST (polyid_tid AS bigint) WITHOUT FUNCTION;
CREATE CAST (bigint AS polyid_tid) WITH FUNCTION polyid_tid_from_int8(bigint);
CREATE CAST (polyid_uid11 AS numeric) WITH FUNCTION polyid_uid11_to_numeric(polyid_uid11);
CREATE CAST (numeric AS polyid_uid11) WITH FUNCTION polyid_uid11_from_numeric(numeric);
CREATE CAST (polyid_uid11 AS bytea) WITH FUNCTION polyid_uid11_to_bytea(polyid_uid11);
CREATE CAST (bytea AS polyid_uid11) WITH FUNCTION polyid_uid11_from_bytea(bytea);
CREATE CAST (polyid_xid AS numeric) WITH FUNCTION polyid_xid_to_numeric(polyid_xid);
CREATE CAST (numeric AS polyid_xid) WITH FUNCTION polyid_xid_from_numeric(numeric);
CREATE CAST (polyid_xid AS bytea) WITH FUNCTION polyid_xid_to_bytea(polyid_xid);
CREATE CAST (bytea AS polyid_xid) WITH FUNCTION polyid_xid_from_bytea(bytea);
CREATE CAST (polyid_tid AS numeric) WITH FUNCTION polyid_tid_to_numeric(polyid_tid);
CREATE CAST (numeric AS polyid_tid) WITH FUNCTION polyid_tid_from_numeric(numeric);
CREATE CAST (polyid_tid AS bytea) WITH FUNCTION polyid_tid_to_bytea(polyid_tid);
CREATE CAST (bytea AS polyid_tid) WITH FUNCTION polyid_tid_from_bytea(bytea);
CREATE CAST (polyid_euid AS uuid) WITHOUT FUNCTION;
CREATE CAST (uuid AS polyid_euid) WITHOUT FUNCTION;
CREATE CAST (polyid_euid AS bytea) WITH FUNCTION polyid_euid_to_bytea(polyid_euid);
CREATE CAST (bytea AS polyid_euid) WITH FUNCTION polyid_euid_from_bytea(bytea);

-- ----------------------------------------------------------------------------------------
-- The functions of polyid's SQLite and DuckDB extensions (docs/sql.md), declared with the
-- pure-SQL tier's types: one C function serves all, finding each by its name in the library's
-- table (and checking these types against it). Generators are VOLATILE and PARALLEL UNSAFE:
-- each backend claims a node of its own before its first ID (the polyid.node setting).

CREATE FUNCTION polyid_compact_id(text) RETURNS text
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_full_id(text, text) RETURNS text
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_normalize_code(text) RETURNS text
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_validate_code(text) RETURNS text
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_namespace_hash(text) RETURNS text
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_uid11_encode(bigint) RETURNS text
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_uid11_decode(text) RETURNS bigint
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_xid_parse(text) RETURNS bigint
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_xid_format(bigint) RETURNS text
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_xid_from_parts(bigint, bigint) RETURNS bigint
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_xid_timestamp(text) RETURNS timestamptz
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_xid_unix_ms(text) RETURNS bigint
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_xid_random(text) RETURNS bigint
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_xid_generate() RETURNS text
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C VOLATILE PARALLEL UNSAFE;
CREATE FUNCTION polyid_xid_generate_value() RETURNS bigint
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C VOLATILE PARALLEL UNSAFE;
CREATE FUNCTION polyid_tid_parse(text) RETURNS bigint
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_format(bigint) RETURNS text
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_from_parts(bigint, bigint) RETURNS bigint
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_timestamp(text) RETURNS timestamptz
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_micros(text) RETURNS bigint
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_clock_id(text) RETURNS bigint
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_generate() RETURNS text
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C VOLATILE PARALLEL UNSAFE;
CREATE FUNCTION polyid_tid_generate_value() RETURNS bigint
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C VOLATILE PARALLEL UNSAFE;
CREATE FUNCTION polyid_euid_parse(text) RETURNS bytea
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_euid_format(bytea) RETURNS text
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
-- Not STRICT: a NULL extension is an EUID without one (as polyid_euid_extension gives it); a
-- NULL in any other argument is a NULL result, as in every other function.
CREATE FUNCTION polyid_euid_from_parts(bigint, bigint, bigint, bigint) RETURNS bytea
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION polyid_euid_timestamp(text) RETURNS timestamptz
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_euid_unix_ms(text) RETURNS bigint
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_euid_extension(text) RETURNS bigint
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_euid_generate() RETURNS text
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C VOLATILE PARALLEL UNSAFE;
CREATE FUNCTION polyid_euid_generate_value() RETURNS bytea
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C VOLATILE PARALLEL UNSAFE;
CREATE FUNCTION polyid_extuuid_encode(text) RETURNS text
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_extuuid_decode(text) RETURNS text
AS 'MODULE_PATHNAME', 'polyid_sql_function' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- ----------------------------------------------------------------------------------------
-- The typed values: fields and timestamps (overloads of the text functions above), the
-- first and last ID of an instant (for index range scans), typed generators.

CREATE FUNCTION polyid_xid_unix_ms(polyid_xid) RETURNS bigint
AS 'MODULE_PATHNAME', 'polyid_xid_unix_ms_of' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_xid_random(polyid_xid) RETURNS bigint
AS 'MODULE_PATHNAME', 'polyid_xid_random_of' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_xid_timestamp(polyid_xid) RETURNS timestamptz
AS 'MODULE_PATHNAME', 'polyid_xid_timestamp_of' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_micros(polyid_tid) RETURNS bigint
AS 'MODULE_PATHNAME', 'polyid_tid_micros_of' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_clock_id(polyid_tid) RETURNS bigint
AS 'MODULE_PATHNAME', 'polyid_tid_clock_id_of' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_timestamp(polyid_tid) RETURNS timestamptz
AS 'MODULE_PATHNAME', 'polyid_tid_timestamp_of' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_euid_unix_ms(polyid_euid) RETURNS bigint
AS 'MODULE_PATHNAME', 'polyid_euid_unix_ms_of' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_euid_extension(polyid_euid) RETURNS bigint
AS 'MODULE_PATHNAME', 'polyid_euid_extension_of' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_euid_timestamp(polyid_euid) RETURNS timestamptz
AS 'MODULE_PATHNAME', 'polyid_euid_timestamp_of' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE CAST (polyid_xid AS timestamptz) WITH FUNCTION polyid_xid_timestamp(polyid_xid);
CREATE CAST (polyid_tid AS timestamptz) WITH FUNCTION polyid_tid_timestamp(polyid_tid);
CREATE CAST (polyid_euid AS timestamptz) WITH FUNCTION polyid_euid_timestamp(polyid_euid);
CREATE FUNCTION polyid_xid_min(timestamptz) RETURNS polyid_xid
AS 'MODULE_PATHNAME', 'polyid_xid_min' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_xid_max(timestamptz) RETURNS polyid_xid
AS 'MODULE_PATHNAME', 'polyid_xid_max' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_min(timestamptz) RETURNS polyid_tid
AS 'MODULE_PATHNAME', 'polyid_tid_min' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_tid_max(timestamptz) RETURNS polyid_tid
AS 'MODULE_PATHNAME', 'polyid_tid_max' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_euid_min(timestamptz) RETURNS polyid_euid
AS 'MODULE_PATHNAME', 'polyid_euid_min' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_euid_max(timestamptz) RETURNS polyid_euid
AS 'MODULE_PATHNAME', 'polyid_euid_max' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION polyid_xid_new() RETURNS polyid_xid
AS 'MODULE_PATHNAME', 'polyid_xid_new' LANGUAGE C VOLATILE PARALLEL UNSAFE;
CREATE FUNCTION polyid_tid_new() RETURNS polyid_tid
AS 'MODULE_PATHNAME', 'polyid_tid_new' LANGUAGE C VOLATILE PARALLEL UNSAFE;
CREATE FUNCTION polyid_euid_new() RETURNS polyid_euid
AS 'MODULE_PATHNAME', 'polyid_euid_new' LANGUAGE C VOLATILE PARALLEL UNSAFE;

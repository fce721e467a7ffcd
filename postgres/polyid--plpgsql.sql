-- polyid, the pure-SQL tier for PostgreSQL: the functions of polyid's SQLite and DuckDB
-- extensions (docs/sql.md) in PL/pgSQL and SQL over built-in types, for servers where no
-- extension can be installed (managed servers, PGlite). Load it with `psql -f` or paste it;
-- running it again replaces the functions.
--
-- Types: uid11 and xid values are bigint holding the unsigned 64 bits (a value from 2^63 up
-- reads as negative, as in SQLite); TID values are bigint; EUIDs are 16 bytes (bytea);
-- timestamps are timestamptz. Every function gives NULL for a NULL argument. Invalid input
-- raises SQLSTATE 22P02 (text that does not parse) or 22023 (a value out of range), with a
-- message that starts with polyid's error code, then the function and its arguments (each
-- quoted, at most 64 characters), then the reason. The database encoding must be UTF8.
--
-- PostgreSQL 14 or newer (SQL-standard function bodies). Functions named polyid__* are
-- internal helpers. The public functions find them wherever they are called from: the SQL
-- ones with a standard body (RETURN ...) are bound to them when the file is loaded, which
-- also lets the planner inline them (see "Parsing and formatting" below); the PL/pgSQL ones
-- either keep the search path they were created with or, where that setting would cost a
-- visible share of each call (the generators, the hash, the readers), name the helpers they
-- call with the schema the file is loaded into, or call built-in functions only.
-- EXTUUID is not here (docs/sql.md says why).
--
-- The algorithms are those of polyid's specification, docs/spec/ in its source (sections
-- cited below); the shared vectors of its tests/vectors/ check every function against the
-- Rust core.

-- ----------------------------------------------------------------------------------------
-- Errors

-- An input as messages quote it, as the core does (polyid::error::write_quoted): its first
-- 64 characters in ASCII only (printable ASCII as is, \ and " after a backslash, \t \r \n,
-- every other character as \u{hex}: no input can start a line of a log or hide in one), then
-- its length in bytes when it was cut.
CREATE OR REPLACE FUNCTION polyid__quote(t text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    head text := left(t, 64);
    out text := '';
    c text;
BEGIN
    IF head <> '' THEN
        FOREACH c IN ARRAY regexp_split_to_array(head, '') LOOP
            out := out || CASE
                WHEN c = '"' THEN '\"'
                WHEN c = '\' THEN '\\'
                WHEN c = E'\n' THEN '\n'
                WHEN c = E'\r' THEN '\r'
                WHEN c = E'\t' THEN '\t'
                WHEN ascii(c) BETWEEN 32 AND 126 THEN c
                ELSE '\u{' || to_hex(ascii(c)) || '}' END;
        END LOOP;
    END IF;
    out := '"' || out || '"';
    IF length(t) > 64 THEN
        out := out || '... (' || octet_length(t) || ' bytes)';
    END IF;
    RETURN out;
END $$;

-- One character as messages show it: in single quotes, escaped like an input (a single
-- quote escaped, a double quote not).
CREATE OR REPLACE FUNCTION polyid__char(c text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT '''' || replace(replace(substr(q, 2, length(q) - 2), '\"', '"'), '''', '\''') || ''''
    FROM (SELECT polyid__quote(c) AS q) x
$$;

-- Raises a failure found by a helper. `failure` is `CODE context: reason`; the message is
-- `CODE: function(arguments): context: reason`, the form of the SQLite and DuckDB extensions.
-- VOLATILE, so that the planner never evaluates it early inside a CASE.
CREATE OR REPLACE FUNCTION polyid__raise(failure text, fn text, args text, state text DEFAULT '22P02')
RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    code text := split_part(failure, ' ', 1);
BEGIN
    RAISE EXCEPTION USING
        ERRCODE = state,
        MESSAGE = code || ': ' || fn || '(' || args || '): ' || substr(failure, length(code) + 2);
END $$;

-- The first character of `t` that fails its regular expression (`ok_first` for the first
-- character, `ok` for the others; an ASCII character class), as `CODE context: invalid
-- character 'c' at index i`, the index in characters counted from `at`; NULL when none does.
CREATE OR REPLACE FUNCTION polyid__bad_char(t text, ok_first text, ok text, code text, context text, at int DEFAULT 0)
RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    c text;
    i int := 0;
    pattern text;
BEGIN
    IF t = '' THEN
        RETURN NULL;
    END IF;
    FOREACH c IN ARRAY regexp_split_to_array(t, '') LOOP
        pattern := CASE WHEN i = 0 THEN ok_first ELSE ok END;
        IF octet_length(c) > 1 OR c !~ pattern THEN
            RETURN code || ' ' || context || ': invalid character ' || polyid__char(c) || ' at index ' || (at + i);
        END IF;
        i := i + 1;
    END LOOP;
    RETURN NULL;
END $$;

-- The first non-ASCII character of `t`, as `NON_ASCII context: non-ASCII character 'c' at
-- index i`; NULL when `t` is ASCII.
CREATE OR REPLACE FUNCTION polyid__non_ascii(t text, context text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
    IF octet_length(t) = length(t) THEN
        RETURN NULL;
    END IF;
    FOR i IN 1..length(t) LOOP
        IF octet_length(substr(t, i, 1)) > 1 THEN
            RETURN 'NON_ASCII ' || context || ': non-ASCII character ' || polyid__char(substr(t, i, 1))
                || ' at index ' || (i - 1);
        END IF;
    END LOOP;
END $$;

-- ----------------------------------------------------------------------------------------
-- Unsigned 64-bit arithmetic on bigint: the bits are the value, sums and products wrap
-- modulo 2^64 (bigint's own + and * raise on overflow, so sums go through 32-bit halves and
-- products through 16-bit limbs, polyid__mul64 below).
--
-- These helpers are single expressions of strict operators (no CASE, no subquery), so that
-- the planner inlines them into their callers. It inlines a helper that uses an argument
-- more than once only when that argument is cheap (a variable, a constant, a few
-- operators), and an SQL function that is not inlined costs more per call than a PL/pgSQL
-- one; so xxh3 below keeps its intermediate values in variables and passes those.

-- The bigint of a value in [0, 2^64).
CREATE OR REPLACE FUNCTION polyid__i64(n numeric) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT (n - div(n, 9223372036854775808) * 18446744073709551616)::bigint
$$;

CREATE OR REPLACE FUNCTION polyid__add(a bigint, b bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT (((a >> 32) + (b >> 32) + (((a & 4294967295) + (b & 4294967295)) >> 32)) << 32)
         | (((a & 4294967295) + (b & 4294967295)) & 4294967295)
$$;

CREATE OR REPLACE FUNCTION polyid__sub(a bigint, b bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT (((a >> 32) - (b >> 32) + (((a & 4294967295) - (b & 4294967295)) >> 32)) << 32)
         | (((a & 4294967295) - (b & 4294967295)) & 4294967295)
$$;

-- Logical shift right by n (1 to 63): bigint's >> copies the sign bit.
CREATE OR REPLACE FUNCTION polyid__shr(a bigint, n int) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT (a >> n) & ((1::bigint << (64 - n)) - 1)
$$;

CREATE OR REPLACE FUNCTION polyid__rotl(a bigint, n int) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT (a << n) | ((a >> (64 - n)) & ((1::bigint << n) - 1))
$$;

CREATE OR REPLACE FUNCTION polyid__bswap64(a bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT ((a & 255) << 56) | (((a >> 8) & 255) << 48) | (((a >> 16) & 255) << 40)
         | (((a >> 24) & 255) << 32) | (((a >> 32) & 255) << 24) | (((a >> 40) & 255) << 16)
         | (((a >> 48) & 255) << 8) | ((a >> 56) & 255)
$$;

-- The little-endian 64-bit and 32-bit words of b at byte offset o.
CREATE OR REPLACE FUNCTION polyid__le64(b bytea, o int) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT get_byte(b, o)::bigint | (get_byte(b, o + 1)::bigint << 8)
         | (get_byte(b, o + 2)::bigint << 16) | (get_byte(b, o + 3)::bigint << 24)
         | (get_byte(b, o + 4)::bigint << 32) | (get_byte(b, o + 5)::bigint << 40)
         | (get_byte(b, o + 6)::bigint << 48) | (get_byte(b, o + 7)::bigint << 56)
$$;

CREATE OR REPLACE FUNCTION polyid__le32(b bytea, o int) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT get_byte(b, o)::bigint | (get_byte(b, o + 1)::bigint << 8)
         | (get_byte(b, o + 2)::bigint << 16) | (get_byte(b, o + 3)::bigint << 24)
$$;

-- The low 64 bits of a * b (a product modulo 2^64), from 16-bit limbs: each limb product is
-- below 2^32, and each sum below 2^36, so no step leaves the bigint range.
CREATE OR REPLACE FUNCTION polyid__mul64(a bigint, b bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT ((((((a >> 16) & 65535) * (b & 65535) + (a & 65535) * ((b >> 16) & 65535)) >> 16)
             + ((a >> 32) & 65535) * (b & 65535) + ((a >> 16) & 65535) * ((b >> 16) & 65535)
             + (a & 65535) * ((b >> 32) & 65535)
             + ((((a >> 48) & 65535) * (b & 65535) + ((a >> 32) & 65535) * ((b >> 16) & 65535)
                 + ((a >> 16) & 65535) * ((b >> 32) & 65535) + (a & 65535) * ((b >> 48) & 65535)) << 16)
             + (((a & 65535) * (b & 65535)
                 + (((((a >> 16) & 65535) * (b & 65535) + (a & 65535) * ((b >> 16) & 65535)) & 65535) << 16)) >> 32))
            << 32)
         | (((a & 65535) * (b & 65535)
             + (((((a >> 16) & 65535) * (b & 65535) + (a & 65535) * ((b >> 16) & 65535)) & 65535) << 16))
            & 4294967295)
$$;

-- The byte of the base62 symbol of digit d, as a bigint to shift into place.
CREATE OR REPLACE FUNCTION polyid__b62_symbol(d bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN get_byte('\x303132333435363738394142434445464748494a4b4c4d4e4f505152535455565758595a6162636465666768696a6b6c6d6e6f707172737475767778797a'::bytea, d::int);

-- The five base62 symbols of a hash's low 40 bits, mod 62^5 (§1.2), most significant first:
-- the low five base62 digits of those 40 bits (the digits of the remainder mod 62^5), each
-- read from the alphabet into a byte of a bigint, whose low five bytes are the text. One
-- expression, so that the hash's PL/pgSQL function returns it without another call.
CREATE OR REPLACE FUNCTION polyid__base62(h bigint) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN encode(substr(int8send(
        (polyid__b62_symbol((h & 1099511627775) / 14776336 % 62) << 32)
        | (polyid__b62_symbol((h & 1099511627775) / 238328 % 62) << 24)
        | (polyid__b62_symbol((h & 1099511627775) / 3844 % 62) << 16)
        | (polyid__b62_symbol((h & 1099511627775) / 62 % 62) << 8)
        | polyid__b62_symbol((h & 1099511627775) % 62)), 4, 5), 'escape');

-- ----------------------------------------------------------------------------------------
-- xxh3_64 with a seed (XXH3 0.8), for the inputs polyid hashes: normalized codes (9 to 39
-- bytes) and namespaces (1 to 16), which reach the 1-3, 4-8, 9-16 and 17-128 branches, the
-- last for up to 64 bytes (longer inputs would need more of the secret, and none occurs).
-- The function returns the hash's compact form (polyid__base62), which is all polyid
-- needs of it. The secret is xxh3's default one: s[k] below stands for its little-endian
-- word at byte 8(k-1), the first 64 bytes (s[1] at byte 0, s[2] at byte 8, ...), which the DO
-- block writes in as constants (a constant costs nothing per call; an array would be read
-- element by element). Products modulo 2^64 are polyid__mul64's; xxh3's mul128_fold64 (the
-- high and low halves of the 128-bit product, xor-ed) is written out below from the same
-- 16-bit limbs, its column sums in variables. The public WDP functions call it from the
-- caller's search path (they are inlined SQL), so the DO block names its helpers with the
-- schema the file is loaded into.
DO $do$
DECLARE
    secret constant text[] := ARRAY['be4ba423396cfeb8', '1cad21f72c81017c', 'db979083e96dd4de',
        '1f67b3b7a4a44072', '78e5c0cc4ee679cb', '2172ffcc7dd05a82', '8e2443f7744608b8',
        '4c263a81e69035e0'];
    fn text := $fn$
CREATE OR REPLACE FUNCTION polyid__hash_id(b bytea, seed bigint) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    n int := length(b);
    acc bigint;
    x bigint;
    y bigint;
    o int;
    pairs int;
    -- mul128_fold64 of x and y: the column sums used twice, and the low, middle-low and
    -- middle-high 32-bit parts with their carries (the 16-bit limbs of x and y, named by
    -- their index below, are written out by the DO block: a variable would cost a statement
    -- each)
    c1 bigint; c3 bigint; c5 bigint;
    p0 bigint; p1 bigint; p2 bigint;
BEGIN
    IF n = 0 OR n > 64 THEN
        RAISE EXCEPTION 'xxh3 takes 1 to 64 bytes, not %', n USING ERRCODE = '22023';
    END IF;
    IF n <= 3 THEN
        -- the low and high 32 bits of the first secret word, xor-ed, plus the seed
        x := ((get_byte(b, 0)::bigint << 16) | (get_byte(b, n >> 1)::bigint << 24)
              | get_byte(b, n - 1)::bigint | (n::bigint << 8))
             # polyid__add((s[1] & 4294967295) # polyid__shr(s[1], 32), seed);
        -- xxh64's avalanche
        x := x # polyid__shr(x, 33);
        x := polyid__mul64(x, x'c2b2ae3d27d4eb4f'::bigint);
        x := x # polyid__shr(x, 29);
        x := polyid__mul64(x, x'165667b19e3779f9'::bigint);
        RETURN polyid__base62(x # polyid__shr(x, 32));
    END IF;
    IF n <= 8 THEN
        -- seed ^= bswap32(low 32 bits of seed) << 32
        y := seed # (((seed & 255) << 56) | (((seed >> 8) & 255) << 48)
                     | (((seed >> 16) & 255) << 40) | (((seed >> 24) & 255) << 32));
        y := polyid__sub(s[2] # s[3], y);
        acc := polyid__le32(b, n - 4);
        x := polyid__le32(b, 0) << 32;
        x := polyid__add(acc, x) # y;
        -- rrmxmx
        x := x # polyid__rotl(x, 49) # polyid__rotl(x, 24);
        x := polyid__mul64(x, x'9fb21c651e98df25'::bigint);
        x := x # polyid__add(polyid__shr(x, 35), n);
        x := polyid__mul64(x, x'9fb21c651e98df25'::bigint);
        RETURN polyid__base62(x # polyid__shr(x, 28));
    END IF;
    IF n <= 16 THEN
        -- one product: the first and last 8 bytes with secret words 4 and 5, 6 and 7
        acc := 0;
        pairs := 1;
    ELSE
        -- n * PRIME64_1 (0x9E3779B185EBCA87), then 16-byte mixes: pair k reads the input at
        -- byte 16(k-1) and 16 bytes before the (k-1)th 16 bytes from the end, with secret
        -- words 4k-3 .. 4k; n > 32 takes 2 pairs.
        acc := polyid__mul64(n, x'9e3779b185ebca87'::bigint);
        pairs := 2 * ((n - 1) / 32 + 1);
    END IF;
    FOR j IN 1..pairs LOOP
        IF n <= 16 THEN
            x := polyid__le64(b, 0) # polyid__add(s[4] # s[5], seed);
            y := polyid__le64(b, n - 8) # polyid__sub(s[6] # s[7], seed);
            acc := polyid__bswap64(x);
            acc := polyid__add(acc, n);
            acc := polyid__add(acc, y);
        ELSE
            o := CASE WHEN j % 2 = 1 THEN 8 * (j - 1) ELSE n - 8 * j END;
            x := polyid__le64(b, o) # polyid__add(CASE j WHEN 1 THEN s[1] WHEN 2 THEN s[3] WHEN 3 THEN s[5] ELSE s[7] END, seed);
            y := polyid__le64(b, o + 8) # polyid__sub(CASE j WHEN 1 THEN s[2] WHEN 2 THEN s[4] WHEN 3 THEN s[6] ELSE s[8] END, seed);
        END IF;
        c1 := x0 * y1 + x1 * y0;
        c3 := x0 * y3 + x1 * y2 + x2 * y1 + x3 * y0;
        c5 := x2 * y3 + x3 * y2;
        p0 := x0 * y0 + ((c1 & 65535) << 16);
        p1 := (c1 >> 16) + x0 * y2 + x1 * y1 + x2 * y0 + ((c3 & 65535) << 16) + (p0 >> 32);
        p2 := (c3 >> 16) + x1 * y3 + x2 * y2 + x3 * y1 + ((c5 & 65535) << 16) + (p1 >> 32);
        -- low 64 bits (p1:p0) xor high 64 bits (the last column and the carry : p2)
        x := ((p1 << 32) | (p0 & 4294967295)) # ((((c5 >> 16) + x3 * y3 + (p2 >> 32)) << 32) | (p2 & 4294967295));
        acc := polyid__add(acc, x);
    END LOOP;
    -- xxh3's avalanche
    acc := acc # polyid__shr(acc, 37);
    acc := polyid__mul64(acc, x'165667919e3779f9'::bigint);
    RETURN polyid__base62(acc # polyid__shr(acc, 32));
END $$
$fn$;
BEGIN
    FOR k IN 1..8 LOOP
        fn := replace(fn, 's[' || k || ']', '(x''' || secret[k] || '''::bigint)');
    END LOOP;
    FOR k IN 0..3 LOOP
        fn := regexp_replace(fn, '\mx' || k || '\M', '((x >> ' || 16 * k || ') & 65535)', 'g');
        fn := regexp_replace(fn, '\my' || k || '\M', '((y >> ' || 16 * k || ') & 65535)', 'g');
    END LOOP;
    EXECUTE regexp_replace(fn, 'polyid__', quote_ident(current_schema()) || '.polyid__', 'g');
END $do$;

-- ----------------------------------------------------------------------------------------
-- Digits and symbols. The encoders and decoders below are written out symbol by symbol,
-- one expression each, rather than as loops: PL/pgSQL evaluates one expression much faster
-- than the statements of a loop.

-- The digit of the character at index i (1-based) of text checked against `alphabet`.
CREATE OR REPLACE FUNCTION polyid__digit(t text, i int, alphabet text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT (strpos(alphabet, substr(t, i, 1)) - 1)::bigint
$$;

-- The symbol of digit d.
CREATE OR REPLACE FUNCTION polyid__symbol(alphabet text, d bigint) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT substr(alphabet, d::int + 1, 1)
$$;

-- ----------------------------------------------------------------------------------------
-- WDP (docs/spec §1)

-- ASCII upper case, whatever the database's locale (a Turkish locale's upper('i') is not 'I'):
-- under the C collation, upper() maps a-z and leaves every other character as it is.
CREATE OR REPLACE FUNCTION polyid__upper(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN upper(t COLLATE "C");

-- A component or primary field (§1.1 step 5): NULL when valid, else the failure. `offset`
-- is the field's index in the input as given.
CREATE OR REPLACE FUNCTION polyid__wdp_field(f text, "offset" int, code text, context text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
    IF f ~ '^[A-Za-z][A-Za-z0-9]{0,15}$' THEN
        RETURN NULL;
    ELSIF f = '' THEN
        RETURN code || ' ' || context || ': empty';
    END IF;
    RETURN coalesce(polyid__bad_char(f, '^[A-Za-z]$', '^[A-Za-z0-9]$', code, context, "offset"),
                    code || ' ' || context || ': expected 16 bytes, found ' || length(f));
END $$;

-- Whether a code is valid with nothing to normalize but its case: no white space, no named
-- sequence (the common case). The fields' limit of 16 is checked apart from the pattern (a
-- bounded repetition there costs more than the rest): a code of at most 23 bytes has two
-- fields of at most 15, and none has more than 39 (so a long text is not scanned). COLLATE
-- "C": a column's nondeterministic collation would refuse the pattern.
CREATE OR REPLACE FUNCTION polyid__wdp_plain(code text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN octet_length(code) <= 39
    AND code COLLATE "C" ~ '^[TIKSHWCBEtikshwcbe]\.[A-Za-z][A-Za-z0-9]*\.[A-Za-z][A-Za-z0-9]*\.[0-9][0-9][0-9]$'
    AND (octet_length(code) <= 23
         OR (octet_length(split_part(code COLLATE "C", '.', 2)) <= 16
             AND octet_length(split_part(code COLLATE "C", '.', 3)) <= 16))
    AND right(code COLLATE "C", 3) <> '000';

-- The digits of a standard named sequence (§1.4) given in upper case, e.g. '001' for
-- MISSING; NULL for any other text.
CREATE OR REPLACE FUNCTION polyid__standard_digits(name text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN '{"MISSING": "001", "MISMATCH": "002", "INVALID": "003", "OVERFLOW": "004",
         "UNDERFLOW": "005", "OUT_OF_BOUNDS": "006", "DUPLICATE": "007", "DENIED": "008",
         "UNSUPPORTED": "009", "DEPRECATED": "010", "UNINITIALIZED": "011", "ALREADY_INIT": "012",
         "CLOSED": "013", "CANCELLED": "014", "IN_PROGRESS": "015", "NOT_READY": "016",
         "TIMEOUT": "017", "STALE": "018", "NOT_FOUND": "021", "ALREADY_EXISTS": "022",
         "CONFLICT": "023", "LOCKED": "024", "CORRUPTED": "025", "EXHAUSTED": "026",
         "UNAVAILABLE": "027", "UNREACHABLE": "028", "DISCONNECTED": "029", "PARTIAL": "998",
         "COMPLETE": "999"}'::jsonb ->> name;

-- The normalized form of a code that is valid with a standard named sequence and nothing
-- else to normalize but its case: its fields up to the sequence in upper case, then the
-- name's digits; NULL for any other code. With fields of at most 16 and a standard name
-- (at most 14), such a code has at most 50 bytes; fields that add up to at most 17 are both
-- within 16, so the limit is checked apart only for longer ones.
CREATE OR REPLACE FUNCTION polyid__wdp_named(code text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN octet_length(code) <= 50
    AND code COLLATE "C" ~ '^[TIKSHWCBEtikshwcbe]\.[A-Za-z][A-Za-z0-9]*\.[A-Za-z][A-Za-z0-9]*\.[A-Za-z][A-Za-z0-9_]*$'
    AND (octet_length(code) - octet_length(split_part(code COLLATE "C", '.', 4)) <= 21
         OR (octet_length(split_part(code COLLATE "C", '.', 2)) <= 16
             AND octet_length(split_part(code COLLATE "C", '.', 3)) <= 16))
    THEN polyid__upper(left(code, octet_length(code) - octet_length(split_part(code COLLATE "C", '.', 4))))
         || polyid__standard_digits(polyid__upper(split_part(code COLLATE "C", '.', 4))) END;

-- The normalized form of a code with a number, valid once the white space around it is
-- trimmed (§1.1 step 1: space, tab, line feed, vertical tab, form feed, carriage return);
-- NULL for any other code. The fields, inside the dots, are measured as they stand. A code
-- of at most 39 bytes with up to eight characters of white space around it is read here;
-- a longer text goes the PL/pgSQL way.
CREATE OR REPLACE FUNCTION polyid__wdp_padded(code text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN octet_length(code) <= 47
    AND code COLLATE "C" ~ '^[ \t\n\v\f\r]*[TIKSHWCBEtikshwcbe]\.[A-Za-z][A-Za-z0-9]*\.[A-Za-z][A-Za-z0-9]*\.[0-9][0-9][0-9][ \t\n\v\f\r]*$'
    AND code COLLATE "C" !~ '\.000[ \t\n\v\f\r]*$'
    AND octet_length(split_part(code COLLATE "C", '.', 2)) <= 16
    AND octet_length(split_part(code COLLATE "C", '.', 3)) <= 16
    THEN polyid__upper(btrim(code, E' \t\n\x0B\f\r')) END;

-- The normalized form of a code of any of these kinds; NULL for any other. Which kind a code
-- may be is seen from its last and first characters (a letter or _ ends a name; white space
-- sorts below every character a code is written with), so that a code that is none of them
-- (an error) meets only one pattern more before the PL/pgSQL way; a text longer than either
-- kind is not read at all.
CREATE OR REPLACE FUNCTION polyid__wdp_plain_normalized(code text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN polyid__wdp_plain(code) THEN polyid__upper(code)
            WHEN octet_length(code) > 50 THEN NULL
            WHEN right(code COLLATE "C", 1) >= 'A' THEN polyid__wdp_named(code)
            WHEN left(code COLLATE "C", 1) <= ' ' OR right(code COLLATE "C", 1) <= ' '
                THEN polyid__wdp_padded(code) END;

-- A namespace that is valid as given (§1.3); NULL for any other.
CREATE OR REPLACE FUNCTION polyid__ns_plain(ns text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN octet_length(ns) <= 16 AND ns COLLATE "C" ~ '^[a-z][a-z0-9_]*$' THEN ns END;

-- The normalized form of a structured code (§1.1), or its failure prefixed with '!'
-- (`!CODE context: reason`); a normalized code never starts with '!'.
CREATE OR REPLACE FUNCTION polyid__wdp_normalize(code text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    ws constant text := E' \t\n\x0B\f\r';
    t text;
    start int;
    dots int;
    p text[];
    failure text;
    seq text;
    seq_at int;
    digits text;
    i int;
BEGIN
    t := polyid__wdp_plain_normalized(code);
    IF t IS NOT NULL THEN
        RETURN t;
    END IF;
    failure := polyid__non_ascii(code, 'WDP code');
    IF failure IS NOT NULL THEN
        RETURN '!' || failure;
    END IF;
    t := btrim(code, ws);
    start := length(code) - length(ltrim(code, ws));
    dots := length(t) - length(replace(t, '.', ''));
    IF dots > 3 THEN
        RETURN '!INVALID_FORMAT WDP code: expected four dot-separated fields, found more';
    ELSIF dots < 3 THEN
        RETURN '!INVALID_FORMAT WDP code: expected four dot-separated fields SEVERITY.COMPONENT.PRIMARY.SEQUENCE';
    END IF;
    p := string_to_array(t, '.');
    IF length(p[1]) <> 1 OR strpos('TIKSHWCBEtikshwcbe', p[1]) = 0 THEN
        RETURN '!INVALID_SEVERITY WDP severity: invalid ' || polyid__quote(p[1]);
    END IF;
    failure := polyid__wdp_field(p[2], start + 2, 'INVALID_COMPONENT', 'WDP component');
    IF failure IS NULL THEN
        failure := polyid__wdp_field(p[3], start + 3 + length(p[2]), 'INVALID_PRIMARY', 'WDP primary');
    END IF;
    IF failure IS NOT NULL THEN
        RETURN '!' || failure;
    END IF;
    seq := p[4];
    seq_at := start + 4 + length(p[2]) + length(p[3]);
    IF seq ~ '^[0-9]' THEN
        IF seq !~ '^[0-9]{3}$' THEN
            RETURN '!INVALID_SEQUENCE WDP sequence: invalid ' || polyid__quote(seq);
        END IF;
        IF seq = '000' THEN
            RETURN '!INVALID_SEQUENCE WDP sequence: 000 is reserved; sequences are 001-999';
        END IF;
        digits := seq;
    ELSE
        IF seq !~ '^[A-Za-z][A-Za-z0-9_]{0,31}$' THEN
            i := 1;
            WHILE i <= length(seq) AND substr(seq, i, 1) ~ '^[A-Za-z0-9_]$' LOOP
                i := i + 1;
            END LOOP;
            IF i <= length(seq) AND (i = 1 OR length(seq) <= 32) THEN
                RETURN '!INVALID_SEQUENCE WDP sequence: invalid character ' || polyid__char(substr(seq, i, 1))
                    || ' at index ' || (seq_at + i - 1);
            END IF;
            RETURN '!INVALID_SEQUENCE WDP sequence: invalid ' || polyid__quote(seq);
        END IF;
        digits := polyid__standard_digits(polyid__upper(seq));
        IF digits IS NULL THEN
            RETURN '!UNKNOWN_NAMED_SEQUENCE WDP sequence: unknown named sequence ' || polyid__quote(polyid__upper(seq));
        END IF;
    END IF;
    RETURN polyid__upper(p[1]) || '.' || polyid__upper(p[2]) || '.' || polyid__upper(p[3]) || '.' || digits;
END $$;

-- A namespace (§1.3): NULL when valid, else the failure.
CREATE OR REPLACE FUNCTION polyid__wdp_namespace(ns text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
    IF ns ~ '^[a-z][a-z0-9_]{0,15}$' THEN
        RETURN NULL;
    END IF;
    RETURN coalesce(polyid__non_ascii(ns, 'WDP namespace'),
                    CASE WHEN ns = '' THEN 'INVALID_NAMESPACE WDP namespace: empty' END,
                    polyid__bad_char(ns, '^[a-z]$', '^[a-z0-9_]$', 'INVALID_NAMESPACE', 'WDP namespace'),
                    'INVALID_NAMESPACE WDP namespace: expected 16 bytes, found ' || length(ns));
END $$;

-- The normalized code, or raises naming `fn` and the code.
CREATE OR REPLACE FUNCTION polyid__normalized(code text, fn text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    n text := polyid__wdp_normalize(code);
BEGIN
    IF left(n, 1) = '!' THEN
        PERFORM polyid__raise(substr(n, 2), fn, polyid__quote(code));
    END IF;
    RETURN n;
END $$;

-- The namespace when valid, or raises naming `fn` and the namespace.
CREATE OR REPLACE FUNCTION polyid__namespace(ns text, fn text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    failure text := polyid__wdp_namespace(ns);
BEGIN
    IF failure IS NOT NULL THEN
        PERFORM polyid__raise(failure, fn, polyid__quote(ns));
    END IF;
    RETURN ns;
END $$;

-- The compact form of a normalized code and of a namespace. Seeds: "wdp-v1" and "wdpns-v1"
-- read as little-endian integers (§1.2, §1.3). Both texts are ASCII without a backslash, so
-- decode(..., 'escape') gives their bytes (and is immutable, which lets these inline).
CREATE OR REPLACE FUNCTION polyid__code_id(normalized text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN polyid__hash_id(decode(normalized, 'escape'), x'000031762D706477'::bigint);

CREATE OR REPLACE FUNCTION polyid__namespace_id(ns text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN polyid__hash_id(decode(ns, 'escape'), x'31762D736E706477'::bigint);

-- The public WDP functions are SQL expressions, inlined into the calling query: the common
-- case (a plain code, a plain namespace) is computed there, and any other input goes to the
-- PL/pgSQL function of the same name with `_exact`, which keeps the search path it was
-- created with, finds the normal form or the exact error, and raises it.
CREATE OR REPLACE FUNCTION polyid__normalize_exact(code text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path FROM CURRENT AS $$
BEGIN
    RETURN polyid__normalized(code, 'polyid_normalize_code');
END $$;

CREATE OR REPLACE FUNCTION polyid_normalize_code(code text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN coalesce(polyid__wdp_plain_normalized(code), polyid__normalize_exact(code));

-- NULL when the code is valid, else its error code (INVALID_SEVERITY, ...).
CREATE OR REPLACE FUNCTION polyid__validate_exact(code text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path FROM CURRENT AS $$
DECLARE
    n text := polyid__wdp_normalize(code);
BEGIN
    RETURN CASE WHEN left(n, 1) = '!' THEN split_part(substr(n, 2), ' ', 1) END;
END $$;

CREATE OR REPLACE FUNCTION polyid_validate_code(code text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN polyid__wdp_plain_normalized(code) IS NOT NULL THEN NULL
            ELSE polyid__validate_exact(code) END;

CREATE OR REPLACE FUNCTION polyid__compact_id_exact(code text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path FROM CURRENT AS $$
BEGIN
    RETURN polyid__code_id(polyid__normalized(code, 'polyid_compact_id'));
END $$;

CREATE OR REPLACE FUNCTION polyid_compact_id(code text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN coalesce(polyid__code_id(polyid__wdp_plain_normalized(code)), polyid__compact_id_exact(code));

CREATE OR REPLACE FUNCTION polyid__namespace_hash_exact(namespace text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path FROM CURRENT AS $$
BEGIN
    RETURN polyid__namespace_id(polyid__namespace(namespace, 'polyid_namespace_hash'));
END $$;

CREATE OR REPLACE FUNCTION polyid_namespace_hash(namespace text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN coalesce(polyid__namespace_id(polyid__ns_plain(namespace)), polyid__namespace_hash_exact(namespace));

CREATE OR REPLACE FUNCTION polyid__full_id_exact(namespace text, code text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path FROM CURRENT AS $$
DECLARE
    failure text := polyid__wdp_namespace(namespace);
    n text;
BEGIN
    IF failure IS NULL THEN
        n := polyid__wdp_normalize(code);
        IF left(n, 1) = '!' THEN
            failure := substr(n, 2);
        END IF;
    END IF;
    IF failure IS NOT NULL THEN
        PERFORM polyid__raise(failure, 'polyid_full_id', polyid__quote(namespace) || ', ' || polyid__quote(code));
    END IF;
    RETURN polyid__namespace_id(namespace) || '-' || polyid__code_id(n);
END $$;

CREATE OR REPLACE FUNCTION polyid_full_id(namespace text, code text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN coalesce(polyid__namespace_id(polyid__ns_plain(namespace)) || '-'
                    || polyid__code_id(polyid__wdp_plain_normalized(code)),
                polyid__full_id_exact(namespace, code));

-- ----------------------------------------------------------------------------------------
-- Parsing and formatting: inlined expressions, and readers over the bytes.
--
-- The public parse and format functions below are SQL functions whose body is one
-- expression (an SQL-standard body, bound when the file is loaded), so that the planner
-- inlines them into the calling query: no search path to set (their helpers are bound by
-- identity, not looked up by name), and no function call per row for formatting. For that
-- they are declared IMMUTABLE without STRICT (a CASE is not strict; a NULL argument still
-- gives NULL, through the fallback below, which is STRICT) and call nothing volatile.
--
-- Parsing checks the text's length in that expression and hands the text's bytes
-- (`decode(t, 'escape')`, once the text has no backslash) to the family's reader, a
-- PL/pgSQL function (polyid__uid11_fast, polyid__tid_fast, polyid__euid_fast): one call
-- per row, which reads each byte once where an expression would decode the text again for
-- every symbol. A reader looks each symbol's byte up in a table of 256 bytes, in which a
-- byte that is not a symbol maps to 255 and so to NULL; a NULL digit makes the whole sum
-- NULL, and `coalesce` then hands the input to the PL/pgSQL parser of the same family,
-- which finds and raises the exact error (or, for the rare valid inputs the readers leave
-- out, returns the value). Inputs of another length go there directly. The readers call
-- built-in functions only, so that they need no search path: a DO block writes each from a
-- template in which D(k) stands for the digit of byte k, spelled out with the table inline
-- (a constant in the plan, where a variable would be assigned on every call and read
-- through a parameter on every use).
--
-- Formatting writes symbols from tables of the alphabet into bigints, eight bytes each
-- (TID and EUID two symbols per lookup), and turns their bytes into text (`int8send`,
-- `encode(..., 'escape')`).
--
-- PostgreSQL evaluates an inlined expression as written, an argument once per use; so
-- the argument of a public function should be a column, a parameter or a constant (a
-- nested call such as polyid_xid_parse(polyid_xid_format(x)) is not inlined and runs as
-- an SQL function, slower but with the same result).

-- The byte of the symbol of digit d.
CREATE OR REPLACE FUNCTION polyid__b58_symbol(d bigint) RETURNS int
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN get_byte('\x31323334353637383941424344454647484a4b4c4d4e505152535455565758595a6162636465666768696a6b6d6e6f707172737475767778797a'::bytea, d::int);

-- Microseconds since 1970 as timestamptz, exactly (a bigint product of an interval, not a
-- float of seconds), with the argument used once so that it inlines.
CREATE OR REPLACE FUNCTION polyid__timestamp(micros bigint) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN timezone(interval '0', timestamp '1970-01-01 00:00:00' + micros * interval '1 microsecond');

-- ----------------------------------------------------------------------------------------
-- uid11 and xid (docs/spec §2). Values are the unsigned 64 bits in a bigint.

-- Base58, 11 symbols, most significant first. A value from 2^63 up (a negative bigint) is
-- halved with a logical shift first, so that every step is a non-negative division.
CREATE OR REPLACE FUNCTION polyid_uid11_encode(value bigint) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN value >= 0 THEN encode(substr(int8send(
        polyid__b58_symbol(value / 430804206899405824) * 72057594037927936
        + polyid__b58_symbol(value / 7427658739644928 % 58) * 281474976710656
        + polyid__b58_symbol(value / 128063081718016 % 58) * 1099511627776
        + polyid__b58_symbol(value / 2207984167552 % 58) * 4294967296
        + polyid__b58_symbol(value / 38068692544 % 58) * 16777216::bigint
        + polyid__b58_symbol(value / 656356768 % 58) * 65536::bigint
        + polyid__b58_symbol(value / 11316496 % 58) * 256::bigint
        + polyid__b58_symbol(value / 195112 % 58))
    || int8send(
        polyid__b58_symbol(value / 3364 % 58) * 72057594037927936
        + polyid__b58_symbol(value / 58 % 58) * 281474976710656
        + polyid__b58_symbol(value % 58) * 1099511627776), 1, 11), 'escape')
    ELSE encode(substr(int8send(
        polyid__b58_symbol(((value >> 1) & 9223372036854775807) / 215402103449702912 % 58) * 72057594037927936
        + polyid__b58_symbol(((value >> 1) & 9223372036854775807) / 3713829369822464 % 58) * 281474976710656
        + polyid__b58_symbol(((value >> 1) & 9223372036854775807) / 64031540859008 % 58) * 1099511627776
        + polyid__b58_symbol(((value >> 1) & 9223372036854775807) / 1103992083776 % 58) * 4294967296
        + polyid__b58_symbol(((value >> 1) & 9223372036854775807) / 19034346272 % 58) * 16777216::bigint
        + polyid__b58_symbol(((value >> 1) & 9223372036854775807) / 328178384 % 58) * 65536::bigint
        + polyid__b58_symbol(((value >> 1) & 9223372036854775807) / 5658248 % 58) * 256::bigint
        + polyid__b58_symbol(((value >> 1) & 9223372036854775807) / 97556 % 58))
    || int8send(
        polyid__b58_symbol(((value >> 1) & 9223372036854775807) / 1682 % 58) * 72057594037927936
        + polyid__b58_symbol(((value >> 1) & 9223372036854775807) / 29 % 58) * 281474976710656
        + polyid__b58_symbol((((value >> 1) & 9223372036854775807) % 29) * 2::bigint + (value & 1)) * 1099511627776), 1, 11), 'escape') END;

-- Strict decoding (§2.1), the PL/pgSQL way: the value, or raises naming `fn` and `context`.
-- The fallback of the expression below.
CREATE OR REPLACE FUNCTION polyid__uid11_decode(t text, context text, fn text) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path FROM CURRENT AS $$
DECLARE
    a constant text := '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    acc bigint := 0;
    n numeric;
BEGIN
    IF octet_length(t) <> 11 THEN
        PERFORM polyid__raise('INVALID_LENGTH ' || context || ': expected 11 bytes, found ' || octet_length(t),
                              fn, polyid__quote(t));
    END IF;
    IF t !~ '^[1-9A-HJ-NP-Za-km-z]{11}$' THEN
        PERFORM polyid__raise(polyid__bad_char(t, '^[1-9A-HJ-NP-Za-km-z]$', '^[1-9A-HJ-NP-Za-km-z]$',
                                               'INVALID_CHARACTER', context),
                              fn, polyid__quote(t));
    END IF;
    -- Ten digits fit a bigint (58^10 < 2^59); only the last step can pass 2^63.
    acc := polyid__digit(t, 1, a) * 7427658739644928 + polyid__digit(t, 2, a) * 128063081718016
        + polyid__digit(t, 3, a) * 2207984167552 + polyid__digit(t, 4, a) * 38068692544
        + polyid__digit(t, 5, a) * 656356768::bigint + polyid__digit(t, 6, a) * 11316496::bigint
        + polyid__digit(t, 7, a) * 195112::bigint + polyid__digit(t, 8, a) * 3364::bigint
        + polyid__digit(t, 9, a) * 58::bigint + polyid__digit(t, 10, a);
    IF acc < 159023655807840962 THEN
        -- acc * 58 + 57 < 2^63
        RETURN acc * 58 + polyid__digit(t, 11, a);
    END IF;
    n := acc::numeric * 58 + polyid__digit(t, 11, a);
    IF n > 18446744073709551615 THEN
        PERFORM polyid__raise('OVERFLOW ' || context
                              || ': value is 2^64 or more (the largest uid11 is jpXCZedGfVQ)',
                              fn, polyid__quote(t));
    END IF;
    RETURN polyid__i64(n);
END $$;

-- The reader of 11 bytes (see "Parsing and formatting"): the value, or NULL. The sum is the
-- value minus 2^63 (the first digit's term carries the offset, so that no step leaves the
-- bigint range for any text up to the largest uid11, jpXCZedGfVQ, which the caller's
-- comparison admits), and the xor of the top bit makes it the unsigned value.
DO $do$
BEGIN
    EXECUTE regexp_replace($fn$
CREATE OR REPLACE FUNCTION polyid__uid11_fast(b bytea) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
    RETURN ((D(0) - 21) * 430804206899405824 + -176483691967253504
        + D(1) * 7427658739644928
        + D(2) * 128063081718016
        + D(3) * 2207984167552
        + D(4) * 38068692544
        + D(5) * 656356768::bigint
        + D(6) * 11316496::bigint
        + D(7) * 195112::bigint
        + D(8) * 3364::bigint
        + D(9) * 58::bigint
        + D(10)) # (-9223372036854775808)::bigint;
END $$
$fn$, 'D\((\d+)\)', $r$nullif(get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff000102030405060708ffffffffffffff090a0b0c0d0e0f10ff1112131415ff161718191a1b1c1d1e1f20ffffffffffff2122232425262728292a2bff2c2d2e2f30313233343536373839ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff'::bytea, get_byte(b, \1)), 255)$r$, 'g');
END $do$;

-- Strict decoding: the reader, or the PL/pgSQL way for an input it does not read.
CREATE OR REPLACE FUNCTION polyid__uid11_value(t text, context text, fn text) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE
    WHEN octet_length(t) = 11 AND strpos(t COLLATE "C", '\') = 0 AND t COLLATE "C" <= 'jpXCZedGfVQ'
        THEN coalesce(polyid__uid11_fast(decode(t, 'escape')), polyid__uid11_decode(t, context, fn))
    ELSE polyid__uid11_decode(t, context, fn) END;

CREATE OR REPLACE FUNCTION polyid_uid11_decode(text text) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN polyid__uid11_value(text, 'uid11', 'polyid_uid11_decode');

CREATE OR REPLACE FUNCTION polyid_xid_parse(text text) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN polyid__uid11_value(text, 'xid', 'polyid_xid_parse');

-- Every 64-bit value is an xid.
CREATE OR REPLACE FUNCTION polyid_xid_format(value bigint) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN polyid_uid11_encode(value);

-- The xid of a Unix time in milliseconds and 22 random bits (§2.2): value = (unix_ms -
-- 1321009871111) << 22 | random, the unsigned value's 64 bits in a bigint.
CREATE OR REPLACE FUNCTION polyid__xid_from_parts_slow(unix_ms bigint, random bigint) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path FROM CURRENT AS $$
BEGIN
    IF unix_ms NOT BETWEEN 1321009871111 AND 5719056382214 THEN
        PERFORM polyid__raise('OUT_OF_RANGE xid unix_ms: ' || unix_ms || ' is out of range '
                              || '1321009871111..=5719056382214',
                              'polyid_xid_from_parts', unix_ms || ', ' || random, '22023');
    END IF;
    IF random NOT BETWEEN 0 AND 4194303 THEN
        PERFORM polyid__raise('OUT_OF_RANGE xid random: ' || random || ' is out of range 0..=4194303',
                              'polyid_xid_from_parts', unix_ms || ', ' || random, '22023');
    END IF;
    RETURN ((unix_ms - 1321009871111) << 22) | random;
END $$;

CREATE OR REPLACE FUNCTION polyid_xid_from_parts(unix_ms bigint, random bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN unix_ms BETWEEN 1321009871111 AND 5719056382214 AND random BETWEEN 0 AND 4194303
    THEN ((unix_ms - 1321009871111) << 22) | random
    ELSE polyid__xid_from_parts_slow(unix_ms, random) END;

-- unix_ms = (value >> 22) + 1321009871111, random = the low 22 bits (§2.2).
CREATE OR REPLACE FUNCTION polyid_xid_unix_ms(text text) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN ((polyid__uid11_value(text, 'xid', 'polyid_xid_unix_ms') >> 22) & 4398046511103) + 1321009871111;

CREATE OR REPLACE FUNCTION polyid_xid_random(text text) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN polyid__uid11_value(text, 'xid', 'polyid_xid_random') & 4194303;

CREATE OR REPLACE FUNCTION polyid_xid_timestamp(text text) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN polyid__timestamp((((polyid__uid11_value(text, 'xid', 'polyid_xid_timestamp') >> 22) & 4398046511103)
                          + 1321009871111) * 1000::bigint);

-- ----------------------------------------------------------------------------------------
-- TID (docs/spec §3): value = micros << 10 | clock_id, 13 base32lex symbols.

-- The value of a TID text, plain or display form, or raises naming `fn`: the PL/pgSQL
-- way, the fallback of the expression below.
CREATE OR REPLACE FUNCTION polyid__tid_parse(t text, fn text) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path FROM CURRENT AS $$
DECLARE
    a constant text := '234567abcdefghijklmnopqrstuvwxyz';
    s text := t;
    raw bigint;
    micros bigint;
    d int;
    c text;
    i int;
    bad boolean;
BEGIN
    IF octet_length(t) = 16 THEN
        IF t !~ '^[2-7a-z]{4}-[2-7a-z]{3}-[2-7a-z]{4}-[2-7a-z]{2}$' THEN
            i := 0;
            FOREACH c IN ARRAY regexp_split_to_array(t, '') LOOP
                bad := CASE WHEN i IN (4, 8, 13) THEN c <> '-' ELSE c !~ '^[2-7a-z]$' END;
                IF bad THEN
                    PERFORM polyid__raise('INVALID_CHARACTER TID: invalid character ' || polyid__char(c)
                                          || ' at index ' || i, fn, polyid__quote(t));
                END IF;
                i := i + 1;
            END LOOP;
        END IF;
        s := replace(t, '-', '');
    ELSIF octet_length(t) <> 13 THEN
        PERFORM polyid__raise('INVALID_LENGTH TID: expected 13 bytes, found ' || octet_length(t),
                              fn, polyid__quote(t));
    ELSIF t !~ '^[2-7a-z]{13}$' THEN
        PERFORM polyid__raise(polyid__bad_char(t, '^[2-7a-z]$', '^[2-7a-z]$', 'INVALID_CHARACTER', 'TID'),
                              fn, polyid__quote(t));
    END IF;
    raw := (polyid__digit(s, 1, a) << 50) | (polyid__digit(s, 2, a) << 45) | (polyid__digit(s, 3, a) << 40)
         | (polyid__digit(s, 4, a) << 35) | (polyid__digit(s, 5, a) << 30) | (polyid__digit(s, 6, a) << 25)
         | (polyid__digit(s, 7, a) << 20) | (polyid__digit(s, 8, a) << 15) | (polyid__digit(s, 9, a) << 10)
         | (polyid__digit(s, 10, a) << 5) | polyid__digit(s, 11, a);
    d := raw >> 50;
    IF d >= 8 AND d < 24 THEN
        PERFORM polyid__raise('OUT_OF_RANGE TID: first symbol c-r is outside the 54-bit timestamp range '
                              || '(AT Protocol admits c-j, which sets bit 63)', fn, polyid__quote(t));
    END IF;
    -- The 55-bit two's complement timestamp; -2^53 is outside the range.
    micros := CASE WHEN raw >= 18014398509481984 THEN raw - 36028797018963968 ELSE raw END;
    IF micros = -9007199254740992 THEN
        PERFORM polyid__raise('OUT_OF_RANGE TID: timestamp -2^53 is outside the range -(2^53-1)..=2^53-1',
                              fn, polyid__quote(t));
    END IF;
    RETURN (micros << 10) | (polyid__digit(s, 12, a) << 5) | polyid__digit(s, 13, a);
END $$;

-- The bytes of a text that may be a TID: 13 bytes, or the display form's 16 (4-3-4-2
-- symbols between dashes) without its dashes; none a backslash (which decode would read as
-- an escape). NULL for any other text.
CREATE OR REPLACE FUNCTION polyid__tid_bytes(t text) RETURNS bytea
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN octet_length(t) IN (13, 16) AND strpos(t COLLATE "C", '\') = 0 THEN
    CASE WHEN octet_length(t) = 13 THEN decode(t, 'escape')
         WHEN t COLLATE "C" LIKE '____-___-____-__'
             THEN decode(replace(t COLLATE "C", '-', ''), 'escape') END END;

-- The reader of those bytes (see "Parsing and formatting"): the value, or NULL (also for a
-- display form with a dash elsewhere, which leaves fewer than 13 bytes). F(k) is the first
-- symbol as the signed top digit of the 55-bit two's complement timestamp: 2-7, a, b give 0
-- to 7, t-z give -7 to -1; NULL for c-r (out of range) and for s (-8: the timestamp could be
-- -2^53, which the PL/pgSQL parser checks).
DO $do$
BEGIN
    EXECUTE regexp_replace(regexp_replace($fn$
CREATE OR REPLACE FUNCTION polyid__tid_fast(b bytea) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
    RETURN CASE WHEN octet_length(b) = 13 THEN
        F(0) * 1152921504606846976 + D(1) * 36028797018963968 + D(2) * 1125899906842624
        + D(3) * 35184372088832 + D(4) * 1099511627776 + D(5) * 34359738368
        + D(6) * 1073741824::bigint + D(7) * 33554432::bigint + D(8) * 1048576::bigint
        + D(9) * 32768::bigint + D(10) * 1024::bigint + D(11) * 32::bigint + D(12) END;
END $$
$fn$, 'F\((\d+)\)', $r$(nullif(get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff08090a0b0c0dffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0e0fffffffffffffffffffffffffffffffffff01020304050607ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff'::bytea, get_byte(b, \1)), 255) - 8)$r$, 'g'), 'D\((\d+)\)', $r$nullif(get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff000102030405ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff'::bytea, get_byte(b, \1)), 255)$r$, 'g');
END $do$;

-- The value of a TID text: the reader, or the PL/pgSQL way for an input it does not read.
CREATE OR REPLACE FUNCTION polyid__tid_value(t text, fn text) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN coalesce(polyid__tid_fast(polyid__tid_bytes(t)), polyid__tid_parse(t, fn));

CREATE OR REPLACE FUNCTION polyid_tid_parse(text text) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN polyid__tid_value(text, 'polyid_tid_parse');

-- The TID of a timestamp in microseconds (-(2^53-1) to 2^53-1) and a clock id (0-1023):
-- value = micros << 10 | clock_id (§3). Of two parts out of range, the clock id is reported,
-- as by the extensions.
CREATE OR REPLACE FUNCTION polyid__tid_from_parts_slow(micros bigint, clock_id bigint) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path FROM CURRENT AS $$
BEGIN
    -- The parts in the order of the parameters, as every runtime checks them.
    IF micros NOT BETWEEN -9007199254740991 AND 9007199254740991 THEN
        PERFORM polyid__raise('OUT_OF_RANGE TID micros: ' || micros || ' is out of range '
                              || '-9007199254740991..=9007199254740991',
                              'polyid_tid_from_parts', micros || ', ' || clock_id, '22023');
    END IF;
    IF clock_id NOT BETWEEN 0 AND 1023 THEN
        PERFORM polyid__raise('OUT_OF_RANGE TID clock_id: ' || clock_id || ' is out of range 0..=1023',
                              'polyid_tid_from_parts', micros || ', ' || clock_id, '22023');
    END IF;
    RETURN (micros << 10) | clock_id;
END $$;

CREATE OR REPLACE FUNCTION polyid_tid_from_parts(micros bigint, clock_id bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN micros BETWEEN -9007199254740991 AND 9007199254740991 AND clock_id BETWEEN 0 AND 1023
    THEN (micros << 10) | clock_id
    ELSE polyid__tid_from_parts_slow(micros, clock_id) END;

CREATE OR REPLACE FUNCTION polyid_tid_micros(text text) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN polyid__tid_value(text, 'polyid_tid_micros') >> 10;

CREATE OR REPLACE FUNCTION polyid_tid_clock_id(text text) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN polyid__tid_value(text, 'polyid_tid_clock_id') & 1023;

CREATE OR REPLACE FUNCTION polyid_tid_timestamp(text text) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN polyid__timestamp(polyid__tid_value(text, 'polyid_tid_timestamp') >> 10);

-- The 13 symbols of a value: the timestamp modulo 2^55 in 11 symbols, the clock id in 2.
-- Every bigint is a TID except those whose timestamp is -2^53, which the PL/pgSQL way
-- below refuses.
CREATE OR REPLACE FUNCTION polyid__tid_format_slow(value bigint) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path FROM CURRENT AS $$
DECLARE
    a constant text := '234567abcdefghijklmnopqrstuvwxyz';
    raw bigint := (value >> 10) & 36028797018963967;
BEGIN
    IF value >> 10 = -9007199254740992 THEN
        PERFORM polyid__raise('OUT_OF_RANGE TID micros: -9007199254740992 is out of range '
                              || '-9007199254740991..=9007199254740991',
                              'polyid_tid_format', value::text, '22023');
    END IF;
    RETURN polyid__symbol(a, raw >> 50) || polyid__symbol(a, (raw >> 45) & 31)
        || polyid__symbol(a, (raw >> 40) & 31) || polyid__symbol(a, (raw >> 35) & 31)
        || polyid__symbol(a, (raw >> 30) & 31) || polyid__symbol(a, (raw >> 25) & 31)
        || polyid__symbol(a, (raw >> 20) & 31) || polyid__symbol(a, (raw >> 15) & 31)
        || polyid__symbol(a, (raw >> 10) & 31) || polyid__symbol(a, (raw >> 5) & 31)
        || polyid__symbol(a, raw & 31) || polyid__symbol(a, (value >> 5) & 31) || polyid__symbol(a, value & 31);
END $$;

-- The two symbols of a 10-bit number, as the bytes of an int (first symbol in the high byte):
-- one array element read where two symbol reads and their shifts would be.
CREATE OR REPLACE FUNCTION polyid__b32_pair(i bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN ('{12850,12851,12852,12853,12854,12855,12897,12898,12899,12900,12901,12902,12903,12904,12905,12906,12907,12908,12909,12910,12911,12912,12913,12914,12915,12916,12917,12918,12919,12920,12921,12922,13106,13107,13108,13109,13110,13111,13153,13154,13155,13156,13157,13158,13159,13160,13161,13162,13163,13164,13165,13166,13167,13168,13169,13170,13171,13172,13173,13174,13175,13176,13177,13178,13362,13363,13364,13365,13366,13367,13409,13410,13411,13412,13413,13414,13415,13416,13417,13418,13419,13420,13421,13422,13423,13424,13425,13426,13427,13428,13429,13430,13431,13432,13433,13434,13618,13619,13620,13621,13622,13623,13665,13666,13667,13668,13669,13670,13671,13672,13673,13674,13675,13676,13677,13678,13679,13680,13681,13682,13683,13684,13685,13686,13687,13688,13689,13690,13874,13875,13876,13877,13878,13879,13921,13922,13923,13924,13925,13926,13927,13928,13929,13930,13931,13932,13933,13934,13935,13936,13937,13938,13939,13940,13941,13942,13943,13944,13945,13946,14130,14131,14132,14133,14134,14135,14177,14178,14179,14180,14181,14182,14183,14184,14185,14186,14187,14188,14189,14190,14191,14192,14193,14194,14195,14196,14197,14198,14199,14200,14201,14202,24882,24883,24884,24885,24886,24887,24929,24930,24931,24932,24933,24934,24935,24936,24937,24938,24939,24940,24941,24942,24943,24944,24945,24946,24947,24948,24949,24950,24951,24952,24953,24954,25138,25139,25140,25141,25142,25143,25185,25186,25187,25188,25189,25190,25191,25192,25193,25194,25195,25196,25197,25198,25199,25200,25201,25202,25203,25204,25205,25206,25207,25208,25209,25210,25394,25395,25396,25397,25398,25399,25441,25442,25443,25444,25445,25446,25447,25448,25449,25450,25451,25452,25453,25454,25455,25456,25457,25458,25459,25460,25461,25462,25463,25464,25465,25466,25650,25651,25652,25653,25654,25655,25697,25698,25699,25700,25701,25702,25703,25704,25705,25706,25707,25708,25709,25710,25711,25712,25713,25714,25715,25716,25717,25718,25719,25720,25721,25722,25906,25907,25908,25909,25910,25911,25953,25954,25955,25956,25957,25958,25959,25960,25961,25962,25963,25964,25965,25966,25967,25968,25969,25970,25971,25972,25973,25974,25975,25976,25977,25978,26162,26163,26164,26165,26166,26167,26209,26210,26211,26212,26213,26214,26215,26216,26217,26218,26219,26220,26221,26222,26223,26224,26225,26226,26227,26228,26229,26230,26231,26232,26233,26234,26418,26419,26420,26421,26422,26423,26465,26466,26467,26468,26469,26470,26471,26472,26473,26474,26475,26476,26477,26478,26479,26480,26481,26482,26483,26484,26485,26486,26487,26488,26489,26490,26674,26675,26676,26677,26678,26679,26721,26722,26723,26724,26725,26726,26727,26728,26729,26730,26731,26732,26733,26734,26735,26736,26737,26738,26739,26740,26741,26742,26743,26744,26745,26746,26930,26931,26932,26933,26934,26935,26977,26978,26979,26980,26981,26982,26983,26984,26985,26986,26987,26988,26989,26990,26991,26992,26993,26994,26995,26996,26997,26998,26999,27000,27001,27002,27186,27187,27188,27189,27190,27191,27233,27234,27235,27236,27237,27238,27239,27240,27241,27242,27243,27244,27245,27246,27247,27248,27249,27250,27251,27252,27253,27254,27255,27256,27257,27258,27442,27443,27444,27445,27446,27447,27489,27490,27491,27492,27493,27494,27495,27496,27497,27498,27499,27500,27501,27502,27503,27504,27505,27506,27507,27508,27509,27510,27511,27512,27513,27514,27698,27699,27700,27701,27702,27703,27745,27746,27747,27748,27749,27750,27751,27752,27753,27754,27755,27756,27757,27758,27759,27760,27761,27762,27763,27764,27765,27766,27767,27768,27769,27770,27954,27955,27956,27957,27958,27959,28001,28002,28003,28004,28005,28006,28007,28008,28009,28010,28011,28012,28013,28014,28015,28016,28017,28018,28019,28020,28021,28022,28023,28024,28025,28026,28210,28211,28212,28213,28214,28215,28257,28258,28259,28260,28261,28262,28263,28264,28265,28266,28267,28268,28269,28270,28271,28272,28273,28274,28275,28276,28277,28278,28279,28280,28281,28282,28466,28467,28468,28469,28470,28471,28513,28514,28515,28516,28517,28518,28519,28520,28521,28522,28523,28524,28525,28526,28527,28528,28529,28530,28531,28532,28533,28534,28535,28536,28537,28538,28722,28723,28724,28725,28726,28727,28769,28770,28771,28772,28773,28774,28775,28776,28777,28778,28779,28780,28781,28782,28783,28784,28785,28786,28787,28788,28789,28790,28791,28792,28793,28794,28978,28979,28980,28981,28982,28983,29025,29026,29027,29028,29029,29030,29031,29032,29033,29034,29035,29036,29037,29038,29039,29040,29041,29042,29043,29044,29045,29046,29047,29048,29049,29050,29234,29235,29236,29237,29238,29239,29281,29282,29283,29284,29285,29286,29287,29288,29289,29290,29291,29292,29293,29294,29295,29296,29297,29298,29299,29300,29301,29302,29303,29304,29305,29306,29490,29491,29492,29493,29494,29495,29537,29538,29539,29540,29541,29542,29543,29544,29545,29546,29547,29548,29549,29550,29551,29552,29553,29554,29555,29556,29557,29558,29559,29560,29561,29562,29746,29747,29748,29749,29750,29751,29793,29794,29795,29796,29797,29798,29799,29800,29801,29802,29803,29804,29805,29806,29807,29808,29809,29810,29811,29812,29813,29814,29815,29816,29817,29818,30002,30003,30004,30005,30006,30007,30049,30050,30051,30052,30053,30054,30055,30056,30057,30058,30059,30060,30061,30062,30063,30064,30065,30066,30067,30068,30069,30070,30071,30072,30073,30074,30258,30259,30260,30261,30262,30263,30305,30306,30307,30308,30309,30310,30311,30312,30313,30314,30315,30316,30317,30318,30319,30320,30321,30322,30323,30324,30325,30326,30327,30328,30329,30330,30514,30515,30516,30517,30518,30519,30561,30562,30563,30564,30565,30566,30567,30568,30569,30570,30571,30572,30573,30574,30575,30576,30577,30578,30579,30580,30581,30582,30583,30584,30585,30586,30770,30771,30772,30773,30774,30775,30817,30818,30819,30820,30821,30822,30823,30824,30825,30826,30827,30828,30829,30830,30831,30832,30833,30834,30835,30836,30837,30838,30839,30840,30841,30842,31026,31027,31028,31029,31030,31031,31073,31074,31075,31076,31077,31078,31079,31080,31081,31082,31083,31084,31085,31086,31087,31088,31089,31090,31091,31092,31093,31094,31095,31096,31097,31098,31282,31283,31284,31285,31286,31287,31329,31330,31331,31332,31333,31334,31335,31336,31337,31338,31339,31340,31341,31342,31343,31344,31345,31346,31347,31348,31349,31350,31351,31352,31353,31354}'::int[])[i + 1];

-- Six pairs of symbols and the last symbol (the low byte of its pair with 0) as the bytes of
-- two bigints.
CREATE OR REPLACE FUNCTION polyid_tid_format(value bigint) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN value >> 10 <> -9007199254740992 THEN encode(substr(int8send(
        (polyid__b32_pair((value >> 55) & 1023) << 48) | (polyid__b32_pair((value >> 45) & 1023) << 32)
        | (polyid__b32_pair((value >> 35) & 1023) << 16) | polyid__b32_pair((value >> 25) & 1023))
    || int8send(
        (polyid__b32_pair((value >> 15) & 1023) << 48) | (polyid__b32_pair((value >> 5) & 1023) << 32)
        | ((polyid__b32_pair(value & 31) & 255) << 24)), 1, 13), 'escape')
    ELSE polyid__tid_format_slow(value) END;

-- ----------------------------------------------------------------------------------------
-- EUID (docs/spec §4): 16 bytes big-endian, 27 symbols ending in a mod-127 check.

-- v mod 127 of the 128-bit value hi:lo, from 32-bit halves (2^32 = 16 and 2^64 = 2 mod 127).
CREATE OR REPLACE FUNCTION polyid__mod127(hi bigint, lo bigint) RETURNS int
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT ((((((hi >> 32) & 4294967295) % 127) * 16::bigint + (hi & 4294967295) % 127) % 127) * 2::bigint
            + ((((lo >> 32) & 4294967295) % 127) * 16::bigint + (lo & 4294967295) % 127) % 127)::int % 127
$$;

CREATE OR REPLACE FUNCTION polyid__euid_parse(t text, fn text) RETURNS bytea
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path FROM CURRENT AS $$
DECLARE
    a constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    -- read without regard to case, I and L as 1, O as 0 (§4.2)
    u text := translate(t, 'abcdefghijklmnopqrstuvwxyzILO', 'ABCDEFGH1JK1MN0PQRSTUVWXYZ110');
    hi bigint;
    lo bigint;
    check_found int;
    check_expected int;
BEGIN
    IF octet_length(t) <> 27 THEN
        PERFORM polyid__raise('INVALID_LENGTH EUID: expected 27 bytes, found ' || octet_length(t),
                              fn, polyid__quote(t));
    END IF;
    IF u !~ '^[0-9A-HJKMNP-TV-Z]{27}$' THEN
        PERFORM polyid__raise(polyid__bad_char(t, '^[0-9A-HJKMNP-TV-Za-hjkmnp-tv-zIiLlOo]$',
                                               '^[0-9A-HJKMNP-TV-Za-hjkmnp-tv-zIiLlOo]$', 'INVALID_CHARACTER', 'EUID'),
                              fn, polyid__quote(t));
    END IF;
    -- Symbols 1-25 carry bits 127..3 of the value, symbol 26 bits 2..0 and the check's top
    -- two bits, symbol 27 the check's low five (symbol 13 straddles hi and lo).
    hi := (polyid__digit(u, 1, a) << 59) | (polyid__digit(u, 2, a) << 54) | (polyid__digit(u, 3, a) << 49)
        | (polyid__digit(u, 4, a) << 44) | (polyid__digit(u, 5, a) << 39) | (polyid__digit(u, 6, a) << 34)
        | (polyid__digit(u, 7, a) << 29) | (polyid__digit(u, 8, a) << 24) | (polyid__digit(u, 9, a) << 19)
        | (polyid__digit(u, 10, a) << 14) | (polyid__digit(u, 11, a) << 9) | (polyid__digit(u, 12, a) << 4)
        | (polyid__digit(u, 13, a) >> 1);
    lo := (polyid__digit(u, 13, a) << 63) | (polyid__digit(u, 14, a) << 58) | (polyid__digit(u, 15, a) << 53)
        | (polyid__digit(u, 16, a) << 48) | (polyid__digit(u, 17, a) << 43) | (polyid__digit(u, 18, a) << 38)
        | (polyid__digit(u, 19, a) << 33) | (polyid__digit(u, 20, a) << 28) | (polyid__digit(u, 21, a) << 23)
        | (polyid__digit(u, 22, a) << 18) | (polyid__digit(u, 23, a) << 13) | (polyid__digit(u, 24, a) << 8)
        | (polyid__digit(u, 25, a) << 3) | (polyid__digit(u, 26, a) >> 2);
    check_found := ((polyid__digit(u, 26, a) & 3) << 5) | polyid__digit(u, 27, a);
    IF check_found <> 127 THEN
        check_expected := polyid__mod127(hi, lo);
        IF check_found <> check_expected THEN
            PERFORM polyid__raise('INVALID_CHECKMOD EUID: check value ' || check_found
                                  || ' does not match the value (expected ' || check_expected || ')',
                                  fn, polyid__quote(t));
        END IF;
    END IF;
    RETURN int8send(hi) || int8send(lo);
END $$;

-- The bytes of a text that may be an EUID: 27 bytes without a backslash (which decode would
-- read as an escape); NULL for any other text.
CREATE OR REPLACE FUNCTION polyid__euid_bytes(t text) RETURNS bytea
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN octet_length(t) = 27 AND strpos(t COLLATE "C", '\') = 0 THEN decode(t, 'escape') END;

-- The readers of those bytes (see "Parsing and formatting"): the value, its high 64 bits (for
-- the time functions) or its extension, or NULL. D(k) is the digit of symbol k + 1, read
-- without regard to case, I and L as 1, O as 0. Six digits are combined in an int (30 bits),
-- cast to bigint once; the bytes come as the argument and the check is the CASE's operand,
-- so that only hi and lo take a PL/pgSQL step each.
DO $do$
DECLARE
    reader constant text := regexp_replace($fn$
CREATE OR REPLACE FUNCTION {name}(b bytea) RETURNS {type}
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
    -- symbols 1-12 are bits 127..68, symbol 13 straddles hi and lo (§4)
    hi bigint := (((D(0) << 25) | (D(1) << 20) | (D(2) << 15) | (D(3) << 10) | (D(4) << 5) | D(5))::bigint << 34)
        | (((D(6) << 25) | (D(7) << 20) | (D(8) << 15) | (D(9) << 10) | (D(10) << 5) | D(11))::bigint << 4)
        | (D(12) >> 1);
    -- symbols 14-25 are bits 62..3, symbol 26 holds bits 2..0 and the check's top two bits
    lo bigint := ((D(12) & 1)::bigint << 63)
        | (((D(13) << 25) | (D(14) << 20) | (D(15) << 15) | (D(16) << 10) | (D(17) << 5) | D(18))::bigint << 33)
        | (((D(19) << 25) | (D(20) << 20) | (D(21) << 15) | (D(22) << 10) | (D(23) << 5) | D(24))::bigint << 3)
        | (D(25) >> 2);
BEGIN
    -- The check, from symbols 26 and 27: 127 (none), or the value mod 127. 2^64 = 2 mod 127,
    -- so hi and lo read as unsigned give 2 * hi + lo, and a negative signed half is 2^64
    -- less (2 mod 127) than its unsigned reading. The operand is NULL when hi or lo is (a
    -- symbol there is not a digit), so that no reading, whatever it returns, answers for a
    -- text the exact parser refuses.
    RETURN CASE ((D(25) & 3) << 5) | D(26) | ((hi | lo) & 0)
        WHEN 127 THEN {result}
        WHEN (2 * (hi % 127) + lo % 127 + ((hi >> 63) & 4) + ((lo >> 63) & 2) + 381) % 127
            THEN {result} END;
END $$
$fn$, 'D\((\d+)\)', $r$nullif(get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff'::bytea, get_byte(b, \1)), 255)$r$, 'g');
BEGIN
    EXECUTE replace(replace(replace(reader, '{name}', 'polyid__euid_fast'), '{type}', 'bytea'),
                    '{result}', 'int8send(hi) || int8send(lo)');
    EXECUTE replace(replace(replace(reader, '{name}', 'polyid__euid_hi_fast'), '{type}', 'bigint'),
                    '{result}', 'hi');
    -- the extension (L bits above the 4-bit L, §4.1), -1 when L = 0
    EXECUTE replace(replace(replace(reader, '{name}', 'polyid__euid_extension_fast'), '{type}', 'bigint'),
                    '{result}', 'CASE WHEN hi & 15 > 0 THEN (hi >> 4) & ((1::bigint << (hi & 15)::int) - 1) ELSE -1 END');
END $do$;

CREATE OR REPLACE FUNCTION polyid_euid_parse(text text) RETURNS bytea
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN coalesce(polyid__euid_fast(polyid__euid_bytes(text)), polyid__euid_parse(text, 'polyid_euid_parse'));

-- The 27 symbols of 16 bytes, the PL/pgSQL way (the fallback below, for other lengths).
CREATE OR REPLACE FUNCTION polyid__euid_format_slow(bytes bytea) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path FROM CURRENT AS $$
DECLARE
    a constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    hi bigint;
    lo bigint;
    c bigint;
BEGIN
    IF octet_length(bytes) <> 16 THEN
        PERFORM polyid__raise('INVALID_LENGTH EUID bytes: expected 16 bytes, found ' || octet_length(bytes),
                              'polyid_euid_format', '<' || octet_length(bytes) || ' bytes>', '22023');
    END IF;
    hi := ('x' || encode(substr(bytes, 1, 8), 'hex'))::bit(64)::bigint;
    lo := ('x' || encode(substr(bytes, 9, 8), 'hex'))::bit(64)::bigint;
    c := polyid__mod127(hi, lo);
    -- The 135 bits of value << 7 | check, five at a time (symbol 13 straddles hi and lo).
    RETURN polyid__symbol(a, (hi >> 59) & 31) || polyid__symbol(a, (hi >> 54) & 31)
        || polyid__symbol(a, (hi >> 49) & 31) || polyid__symbol(a, (hi >> 44) & 31)
        || polyid__symbol(a, (hi >> 39) & 31) || polyid__symbol(a, (hi >> 34) & 31)
        || polyid__symbol(a, (hi >> 29) & 31) || polyid__symbol(a, (hi >> 24) & 31)
        || polyid__symbol(a, (hi >> 19) & 31) || polyid__symbol(a, (hi >> 14) & 31)
        || polyid__symbol(a, (hi >> 9) & 31) || polyid__symbol(a, (hi >> 4) & 31)
        || polyid__symbol(a, ((hi << 1) | polyid__shr(lo, 63)) & 31) || polyid__symbol(a, (lo >> 58) & 31)
        || polyid__symbol(a, (lo >> 53) & 31) || polyid__symbol(a, (lo >> 48) & 31)
        || polyid__symbol(a, (lo >> 43) & 31) || polyid__symbol(a, (lo >> 38) & 31)
        || polyid__symbol(a, (lo >> 33) & 31) || polyid__symbol(a, (lo >> 28) & 31)
        || polyid__symbol(a, (lo >> 23) & 31) || polyid__symbol(a, (lo >> 18) & 31)
        || polyid__symbol(a, (lo >> 13) & 31) || polyid__symbol(a, (lo >> 8) & 31)
        || polyid__symbol(a, (lo >> 3) & 31) || polyid__symbol(a, ((lo << 2) | (c >> 5)) & 31)
        || polyid__symbol(a, c & 31);
END $$;

-- The symbol byte of Crockford base32 digit d.
CREATE OR REPLACE FUNCTION polyid__crockford_symbol(d int) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN get_byte('\x3031323334353637383941424344454647484a4b4d4e5051525354565758595a'::bytea, d);

-- The two symbols of a 10-bit number, as the bytes of an integer (first symbol in the
-- higher byte).
CREATE OR REPLACE FUNCTION polyid__crockford_pair(i int) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN ('[0:1023]={12336,12337,12338,12339,12340,12341,12342,12343,12344,12345,12353,12354,12355,12356,12357,12358,12359,12360,12362,12363,12365,12366,12368,12369,12370,12371,12372,12374,12375,12376,12377,12378,12592,12593,12594,12595,12596,12597,12598,12599,12600,12601,12609,12610,12611,12612,12613,12614,12615,12616,12618,12619,12621,12622,12624,12625,12626,12627,12628,12630,12631,12632,12633,12634,12848,12849,12850,12851,12852,12853,12854,12855,12856,12857,12865,12866,12867,12868,12869,12870,12871,12872,12874,12875,12877,12878,12880,12881,12882,12883,12884,12886,12887,12888,12889,12890,13104,13105,13106,13107,13108,13109,13110,13111,13112,13113,13121,13122,13123,13124,13125,13126,13127,13128,13130,13131,13133,13134,13136,13137,13138,13139,13140,13142,13143,13144,13145,13146,13360,13361,13362,13363,13364,13365,13366,13367,13368,13369,13377,13378,13379,13380,13381,13382,13383,13384,13386,13387,13389,13390,13392,13393,13394,13395,13396,13398,13399,13400,13401,13402,13616,13617,13618,13619,13620,13621,13622,13623,13624,13625,13633,13634,13635,13636,13637,13638,13639,13640,13642,13643,13645,13646,13648,13649,13650,13651,13652,13654,13655,13656,13657,13658,13872,13873,13874,13875,13876,13877,13878,13879,13880,13881,13889,13890,13891,13892,13893,13894,13895,13896,13898,13899,13901,13902,13904,13905,13906,13907,13908,13910,13911,13912,13913,13914,14128,14129,14130,14131,14132,14133,14134,14135,14136,14137,14145,14146,14147,14148,14149,14150,14151,14152,14154,14155,14157,14158,14160,14161,14162,14163,14164,14166,14167,14168,14169,14170,14384,14385,14386,14387,14388,14389,14390,14391,14392,14393,14401,14402,14403,14404,14405,14406,14407,14408,14410,14411,14413,14414,14416,14417,14418,14419,14420,14422,14423,14424,14425,14426,14640,14641,14642,14643,14644,14645,14646,14647,14648,14649,14657,14658,14659,14660,14661,14662,14663,14664,14666,14667,14669,14670,14672,14673,14674,14675,14676,14678,14679,14680,14681,14682,16688,16689,16690,16691,16692,16693,16694,16695,16696,16697,16705,16706,16707,16708,16709,16710,16711,16712,16714,16715,16717,16718,16720,16721,16722,16723,16724,16726,16727,16728,16729,16730,16944,16945,16946,16947,16948,16949,16950,16951,16952,16953,16961,16962,16963,16964,16965,16966,16967,16968,16970,16971,16973,16974,16976,16977,16978,16979,16980,16982,16983,16984,16985,16986,17200,17201,17202,17203,17204,17205,17206,17207,17208,17209,17217,17218,17219,17220,17221,17222,17223,17224,17226,17227,17229,17230,17232,17233,17234,17235,17236,17238,17239,17240,17241,17242,17456,17457,17458,17459,17460,17461,17462,17463,17464,17465,17473,17474,17475,17476,17477,17478,17479,17480,17482,17483,17485,17486,17488,17489,17490,17491,17492,17494,17495,17496,17497,17498,17712,17713,17714,17715,17716,17717,17718,17719,17720,17721,17729,17730,17731,17732,17733,17734,17735,17736,17738,17739,17741,17742,17744,17745,17746,17747,17748,17750,17751,17752,17753,17754,17968,17969,17970,17971,17972,17973,17974,17975,17976,17977,17985,17986,17987,17988,17989,17990,17991,17992,17994,17995,17997,17998,18000,18001,18002,18003,18004,18006,18007,18008,18009,18010,18224,18225,18226,18227,18228,18229,18230,18231,18232,18233,18241,18242,18243,18244,18245,18246,18247,18248,18250,18251,18253,18254,18256,18257,18258,18259,18260,18262,18263,18264,18265,18266,18480,18481,18482,18483,18484,18485,18486,18487,18488,18489,18497,18498,18499,18500,18501,18502,18503,18504,18506,18507,18509,18510,18512,18513,18514,18515,18516,18518,18519,18520,18521,18522,18992,18993,18994,18995,18996,18997,18998,18999,19000,19001,19009,19010,19011,19012,19013,19014,19015,19016,19018,19019,19021,19022,19024,19025,19026,19027,19028,19030,19031,19032,19033,19034,19248,19249,19250,19251,19252,19253,19254,19255,19256,19257,19265,19266,19267,19268,19269,19270,19271,19272,19274,19275,19277,19278,19280,19281,19282,19283,19284,19286,19287,19288,19289,19290,19760,19761,19762,19763,19764,19765,19766,19767,19768,19769,19777,19778,19779,19780,19781,19782,19783,19784,19786,19787,19789,19790,19792,19793,19794,19795,19796,19798,19799,19800,19801,19802,20016,20017,20018,20019,20020,20021,20022,20023,20024,20025,20033,20034,20035,20036,20037,20038,20039,20040,20042,20043,20045,20046,20048,20049,20050,20051,20052,20054,20055,20056,20057,20058,20528,20529,20530,20531,20532,20533,20534,20535,20536,20537,20545,20546,20547,20548,20549,20550,20551,20552,20554,20555,20557,20558,20560,20561,20562,20563,20564,20566,20567,20568,20569,20570,20784,20785,20786,20787,20788,20789,20790,20791,20792,20793,20801,20802,20803,20804,20805,20806,20807,20808,20810,20811,20813,20814,20816,20817,20818,20819,20820,20822,20823,20824,20825,20826,21040,21041,21042,21043,21044,21045,21046,21047,21048,21049,21057,21058,21059,21060,21061,21062,21063,21064,21066,21067,21069,21070,21072,21073,21074,21075,21076,21078,21079,21080,21081,21082,21296,21297,21298,21299,21300,21301,21302,21303,21304,21305,21313,21314,21315,21316,21317,21318,21319,21320,21322,21323,21325,21326,21328,21329,21330,21331,21332,21334,21335,21336,21337,21338,21552,21553,21554,21555,21556,21557,21558,21559,21560,21561,21569,21570,21571,21572,21573,21574,21575,21576,21578,21579,21581,21582,21584,21585,21586,21587,21588,21590,21591,21592,21593,21594,22064,22065,22066,22067,22068,22069,22070,22071,22072,22073,22081,22082,22083,22084,22085,22086,22087,22088,22090,22091,22093,22094,22096,22097,22098,22099,22100,22102,22103,22104,22105,22106,22320,22321,22322,22323,22324,22325,22326,22327,22328,22329,22337,22338,22339,22340,22341,22342,22343,22344,22346,22347,22349,22350,22352,22353,22354,22355,22356,22358,22359,22360,22361,22362,22576,22577,22578,22579,22580,22581,22582,22583,22584,22585,22593,22594,22595,22596,22597,22598,22599,22600,22602,22603,22605,22606,22608,22609,22610,22611,22612,22614,22615,22616,22617,22618,22832,22833,22834,22835,22836,22837,22838,22839,22840,22841,22849,22850,22851,22852,22853,22854,22855,22856,22858,22859,22861,22862,22864,22865,22866,22867,22868,22870,22871,22872,22873,22874,23088,23089,23090,23091,23092,23093,23094,23095,23096,23097,23105,23106,23107,23108,23109,23110,23111,23112,23114,23115,23117,23118,23120,23121,23122,23123,23124,23126,23127,23128,23129,23130}'::bigint[])[i];

-- The 135 bits of value << 7 | check, ten at a time (two symbols from one table), each ten
-- read from the two bytes that hold them, four pairs to a bigint; the check as the bytes'
-- weighted sum mod 127 (256 = 2 mod 127 and 2^7 = 1 mod 127, so byte k from the end weighs
-- 2^(k mod 7), and bytes of one weight are added first). Symbol 25 alone, then 26 and 27 as
-- one pair, which holds the whole check, so that the sum is written (and computed) once.
CREATE OR REPLACE FUNCTION polyid_euid_format(bytes bytea) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN octet_length(bytes) = 16 THEN encode(substr(
    int8send((polyid__crockford_pair((get_byte(bytes, 0) << 2) | (get_byte(bytes, 1) >> 6)) << 48)
        | (polyid__crockford_pair((((get_byte(bytes, 1) << 8) | get_byte(bytes, 2)) >> 4) & 1023) << 32)
        | (polyid__crockford_pair((((get_byte(bytes, 2) << 8) | get_byte(bytes, 3)) >> 2) & 1023) << 16)
        | polyid__crockford_pair(((get_byte(bytes, 3) & 3) << 8) | get_byte(bytes, 4)))
    || int8send((polyid__crockford_pair((get_byte(bytes, 5) << 2) | (get_byte(bytes, 6) >> 6)) << 48)
        | (polyid__crockford_pair((((get_byte(bytes, 6) << 8) | get_byte(bytes, 7)) >> 4) & 1023) << 32)
        | (polyid__crockford_pair((((get_byte(bytes, 7) << 8) | get_byte(bytes, 8)) >> 2) & 1023) << 16)
        | polyid__crockford_pair(((get_byte(bytes, 8) & 3) << 8) | get_byte(bytes, 9)))
    || int8send((polyid__crockford_pair((get_byte(bytes, 10) << 2) | (get_byte(bytes, 11) >> 6)) << 48)
        | (polyid__crockford_pair((((get_byte(bytes, 11) << 8) | get_byte(bytes, 12)) >> 4) & 1023) << 32)
        | (polyid__crockford_pair((((get_byte(bytes, 12) << 8) | get_byte(bytes, 13)) >> 2) & 1023) << 16)
        | polyid__crockford_pair(((get_byte(bytes, 13) & 3) << 8) | get_byte(bytes, 14)))
    || int8send((polyid__crockford_symbol(get_byte(bytes, 15) >> 3) << 56)
        | (polyid__crockford_pair(((get_byte(bytes, 15) & 7) << 7)
            | (get_byte(bytes, 15) + get_byte(bytes, 8) + get_byte(bytes, 1)
            + ((get_byte(bytes, 14) + get_byte(bytes, 7) + get_byte(bytes, 0)) << 1)
            + ((get_byte(bytes, 13) + get_byte(bytes, 6)) << 2) + ((get_byte(bytes, 12) + get_byte(bytes, 5)) << 3)
            + ((get_byte(bytes, 11) + get_byte(bytes, 4)) << 4) + ((get_byte(bytes, 10) + get_byte(bytes, 3)) << 5)
            + ((get_byte(bytes, 9) + get_byte(bytes, 2)) << 6)) % 127) << 40)), 1, 27), 'escape')
    ELSE polyid__euid_format_slow(bytes) END;

-- The high 64 bits of an EUID text: timestamp, padding and extension (§4.1); the reader, or
-- the PL/pgSQL way for an input it does not read.
CREATE OR REPLACE FUNCTION polyid__euid_hi(t text, fn text) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN coalesce(polyid__euid_hi_fast(polyid__euid_bytes(t)),
                ('x' || encode(substr(polyid__euid_parse(t, fn), 1, 8), 'hex'))::bit(64)::bigint);

-- unix_ms = the top 45 bits (§4.1).
CREATE OR REPLACE FUNCTION polyid_euid_unix_ms(text text) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN (polyid__euid_hi(text, 'polyid_euid_unix_ms') >> 19) & 35184372088831;

CREATE OR REPLACE FUNCTION polyid_euid_timestamp(text text) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN polyid__timestamp(((polyid__euid_hi(text, 'polyid_euid_timestamp') >> 19) & 35184372088831)
                         * 1000::bigint);

-- NULL when the EUID has no extension (L = 0).
CREATE OR REPLACE FUNCTION polyid__euid_extension_exact(text text) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path FROM CURRENT AS $$
DECLARE
    hi bigint := polyid__euid_hi(text, 'polyid_euid_extension');
BEGIN
    RETURN CASE WHEN hi & 15 > 0 THEN (hi >> 4) & ((1::bigint << (hi & 15)::int) - 1) END;
END $$;

CREATE OR REPLACE FUNCTION polyid_euid_extension(text text) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN nullif(coalesce(polyid__euid_extension_fast(polyid__euid_bytes(text)),
                       polyid__euid_extension_exact(text)), -1);

-- The EUID of its parts (§4.1): hi = unix_ms << 19 | (padding << L | extension) << 4 | L, with
-- L the extension's bit length (1 for extension 0; 0, and no extension, for NULL); lo = the
-- random bits. Not STRICT: a NULL extension is an EUID without one; a NULL in any other
-- argument is a NULL result. The parts are checked in the order of the parameters.
CREATE OR REPLACE FUNCTION polyid_euid_from_parts(unix_ms bigint, extension bigint, padding bigint,
                                                  random bigint) RETURNS bytea
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
SET search_path FROM CURRENT AS $$
DECLARE
    args text := unix_ms || ', ' || coalesce(extension::text, 'NULL') || ', ' || padding || ', ' || random;
    len int := CASE WHEN extension BETWEEN 0 AND 32767
                    THEN greatest(1, length(ltrim(extension::bit(15)::text, '0'))) ELSE 0 END;
    most bigint := CASE WHEN extension IS NULL THEN 32767 ELSE (1::bigint << (15 - len)) - 1 END;
BEGIN
    IF unix_ms IS NULL OR padding IS NULL OR random IS NULL THEN
        RETURN NULL;
    END IF;
    IF unix_ms NOT BETWEEN 0 AND 35184372088831 THEN
        PERFORM polyid__raise('OUT_OF_RANGE EUID unix_ms: ' || unix_ms || ' is out of range 0..=35184372088831',
                              'polyid_euid_from_parts', args, '22023');
    END IF;
    IF extension NOT BETWEEN 0 AND 32767 THEN
        PERFORM polyid__raise('OUT_OF_RANGE EUID extension: ' || extension || ' is out of range 0..=32767',
                              'polyid_euid_from_parts', args, '22023');
    END IF;
    IF padding NOT BETWEEN 0 AND most THEN
        PERFORM polyid__raise('OUT_OF_RANGE EUID padding: ' || padding || ' is out of range 0..=' || most,
                              'polyid_euid_from_parts', args, '22023');
    END IF;
    RETURN int8send((unix_ms << 19) | (((padding << len) | coalesce(extension, 0)) << 4) | len)
        || int8send(random);
END $$;

-- ----------------------------------------------------------------------------------------
-- Generators (docs/spec §2.2, §3.3, §4.3, §6). Each keeps its last ID in a setting of the
-- session (polyid.xid_last, polyid.tid_last, polyid.euid_last), so that the IDs of one
-- session increase strictly; random bits come from gen_random_uuid(). As in the core, an ID
-- that would run more than 60 seconds ahead of the clock (the clock stepped back) is refused
-- with CLOCK_BEHIND and the state is left as it was. VOLATILE and PARALLEL UNSAFE: a
-- parallel worker could not carry the session's state.

CREATE OR REPLACE FUNCTION polyid__now_micros() RETURNS bigint
LANGUAGE sql VOLATILE PARALLEL UNSAFE AS $$
    SELECT (extract(epoch FROM clock_timestamp()) * 1000000::bigint)::bigint
$$;

CREATE OR REPLACE FUNCTION polyid__behind(context text, lead bigint, max bigint, unit text, fn text)
RETURNS void LANGUAGE sql VOLATILE AS $$
    SELECT polyid__raise('CLOCK_BEHIND ' || context || ': the next ID would be ' || lead || ' ' || unit
                         || ' ahead of the clock, more than the allowed lead of ' || max || ' ' || unit
                         || ' (the clock stepped back, or IDs were requested faster than the '
                         || 'family''s capacity per tick)', fn, '', '22023')
$$;

-- Each family's generator is written once, as a template, and made into two functions:
-- polyid_<family>_generate() returns the new ID's text, and polyid_<family>_generate_value()
-- its value (what polyid_<family>_parse reads from the text), for tables that keep their
-- keys as integers or bytes. Both continue the one sequence of the session. A template is
-- the function's declarations and statements, which leave the new ID in `v`; the loop below
-- adds the function's head (its name and what it returns) and `RETURN {result}`, the ID as
-- text or `v` itself. Errors name the function that raised them ({name}). The DO block names
-- the polyid functions a generator calls with the schema the file loads into, so that a
-- generator sets no search path (which PostgreSQL would save and restore on every call) and
-- still finds them from any session. The state is written by an assignment
-- (`done := set_config(...)`): PERFORM would run a query.
DO $do$
DECLARE
    q constant text := quote_ident(current_schema()) || '.';
    -- A TID with the next microsecond after the session's last one, or now when later (§3.3).
    -- The clock id is 32 + (backend process id mod 960), the rule of §6.3 for a forked
    -- process without a node: every backend is one, and backends whose ids differ modulo 960
    -- never share a clock id.
    tid constant text := $fn$
DECLARE
    now bigint := polyid__now_micros();
    us bigint := greatest(now, nullif(current_setting('polyid.tid_last', true), '')::bigint + 1);
    v bigint;
    done text;
BEGIN
    IF us > 9007199254740991 OR now < -9007199254740991 OR us - now > 60000000 THEN
        IF now > 9007199254740991 OR now < -9007199254740991 THEN
            PERFORM polyid__raise('OUT_OF_RANGE TID micros: ' || now || ' is out of range '
                                  || '-9007199254740991..=9007199254740991', '{name}', '', '22023');
        ELSIF us > 9007199254740991 THEN
            PERFORM polyid__raise('OUT_OF_RANGE TID micros: ' || us || ' is out of range '
                                  || '-9007199254740991..=9007199254740991', '{name}', '', '22023');
        END IF;
        PERFORM polyid__behind('TID generator', us - now, 60000000, 'us', '{name}');
    END IF;
    done := set_config('polyid.tid_last', us::text, false);
    v := (us << 10) | (32 + pg_backend_pid() % 960);
$fn$;
    -- An xid without a node (§6.2): 6 lane bits (backend process id mod 64) over a 16-bit
    -- counter that starts at a random value below 32768 in each new millisecond. The session
    -- keeps one past the last position `(unix_ms - epoch) << 16 | counter`; the next position
    -- is that, or now's millisecond with a fresh start when later, so a full millisecond moves
    -- on to the next one.
    xid constant text := $fn$
DECLARE
    stored bigint := nullif(current_setting('polyid.xid_last', true), '')::bigint;
    ms bigint := polyid__now_micros() / 1000;
    now_pos bigint := (ms - 1321009871111) << 16;
    pos bigint := stored;
    r bytea;
    v bigint;
    done text;
BEGIN
    IF stored IS NULL OR stored <= now_pos THEN
        -- the first two bytes of a version-4 UUID are random
        r := uuid_send(gen_random_uuid());
        pos := now_pos | (((get_byte(r, 0) << 8) | get_byte(r, 1)) & 32767);
    END IF;
    IF ms < 1321009871111 OR ms > 5719056382214 OR pos >> 16 > 4398046511103
       OR (pos >> 16) - (now_pos >> 16) > 60000 THEN
        IF ms < 1321009871111 OR ms > 5719056382214 THEN
            PERFORM polyid__raise('OUT_OF_RANGE xid unix_ms: ' || ms || ' is out of range '
                                  || '1321009871111..=5719056382214', '{name}', '', '22023');
        ELSIF pos >> 16 > 4398046511103 THEN
            PERFORM polyid__raise('OUT_OF_RANGE xid unix_ms: the generator would pass 2151-03-25T18:46:22.214Z',
                                  '{name}', '', '22023');
        END IF;
        PERFORM polyid__behind('xid generator', (pos >> 16) - (now_pos >> 16), 60000, 'ms', '{name}');
    END IF;
    done := set_config('polyid.xid_last', (pos + 1)::text, false);
    v := ((pos >> 16) << 22) | ((pg_backend_pid() % 64)::bigint << 16) | (pos & 65535);
$fn$;
    -- An EUID without extension (§4.3): a fresh one (timestamp, 15 random padding bits, 64
    -- random bits) in a millisecond later than the session's last; otherwise the last one's
    -- high 64 bits with its random high half plus one and a fresh low half, or, when that
    -- half is spent, a fresh EUID for the last one's millisecond plus one. The session keeps
    -- "hi lo". The random bits are bytes 0-5 and 9-15 of a version-4 UUID (not its version
    -- and variant bits): 15 from bytes 0-1, 64 from bytes 2-5 and 9-12.
    euid constant text := $fn$
DECLARE
    last text := nullif(current_setting('polyid.euid_last', true), '');
    now bigint := polyid__now_micros() / 1000;
    hi bigint := split_part(last, ' ', 1)::bigint;
    lo bigint := split_part(last, ' ', 2)::bigint;
    r bytea := uuid_send(gen_random_uuid());
    rnd bigint := ('x' || encode(substr(r, 3, 4) || substr(r, 10, 4), 'hex'))::bit(64)::bigint;
    ms bigint := now;
    v bytea;
    done text;
BEGIN
    IF now <= polyid__shr(hi, 19) THEN
        IF polyid__shr(lo, 32) < 4294967295 THEN
            ms := polyid__shr(hi, 19);
            lo := ((polyid__shr(lo, 32) + 1) << 32) | (rnd & 4294967295);
        ELSE
            ms := polyid__shr(hi, 19) + 1;
            hi := NULL;
        END IF;
    ELSE
        hi := NULL;
    END IF;
    IF hi IS NULL THEN
        hi := (ms << 19) | ((((get_byte(r, 0) << 8) | get_byte(r, 1)) & 32767)::bigint << 4);
        lo := rnd;
    END IF;
    IF now < 0 OR ms > 35184372088831 OR ms - now > 60000 THEN
        IF now < 0 OR now > 35184372088831 THEN
            PERFORM polyid__raise('OUT_OF_RANGE EUID unix_ms: ' || now || ' is out of range 0..=35184372088831',
                                  '{name}', '', '22023');
        ELSIF ms > 35184372088831 THEN
            PERFORM polyid__raise('OUT_OF_RANGE EUID unix_ms: ' || ms || ' is out of range 0..=35184372088831',
                                  '{name}', '', '22023');
        END IF;
        PERFORM polyid__behind('EUID generator', ms - now, 60000, 'ms', '{name}');
    END IF;
    done := set_config('polyid.euid_last', hi || ' ' || lo, false);
    v := int8send(hi) || int8send(lo);
$fn$;
    fam text;
    body text;
BEGIN
    FOREACH fam IN ARRAY ARRAY['tid', 'xid', 'euid'] LOOP
        body := 'CREATE OR REPLACE FUNCTION {name}() RETURNS {type} '
                || 'LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $$'
                || CASE fam WHEN 'tid' THEN tid WHEN 'xid' THEN xid ELSE euid END
                || '    RETURN {result};' || chr(10) || 'END $$';
        -- every call of a polyid function, the new function's own name included
        body := regexp_replace(body, '\m(polyid_\w+)\(', q || '\1(', 'g');
        EXECUTE replace(replace(replace(body, '{name}', 'polyid_' || fam || '_generate'),
                                '{type}', 'text'),
                        '{result}', q || CASE fam WHEN 'tid' THEN 'polyid_tid_format(v)'
                                                  WHEN 'xid' THEN 'polyid_uid11_encode(v)'
                                                  ELSE 'polyid_euid_format(v)' END);
        EXECUTE replace(replace(replace(body, '{name}', 'polyid_' || fam || '_generate_value'),
                                '{type}', CASE fam WHEN 'euid' THEN 'bytea' ELSE 'bigint' END),
                        '{result}', 'v');
    END LOOP;
END $do$;

-- ----------------------------------------------------------------------------------------
-- Internal helpers of earlier versions of this file that it no longer defines, or defines
-- with other arguments: loaded again, it drops them (nothing above uses them), in the schema
-- it loads into, without a notice when they are absent.
DO $$
DECLARE
    f text;
BEGIN
    FOREACH f IN ARRAY ARRAY['polyid__u64(bigint)', 'polyid__b58(text,integer)',
                             'polyid__b32(text,integer)', 'polyid__tid_first(text,integer)',
                             'polyid__crockford_symbol(bigint)', 'polyid__crockford_pair(bigint)',
                             'polyid__euid_fast(text)', 'polyid__random13()',
                             'polyid__xxh3(bytea,bigint)'] LOOP
        f := quote_ident(current_schema()) || '.' || f;
        IF to_regprocedure(f) IS NOT NULL THEN
            EXECUTE 'DROP FUNCTION ' || f;
        END IF;
    END LOOP;
END $$;

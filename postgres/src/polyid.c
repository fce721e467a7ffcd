/*
 * polyid's PostgreSQL extension, the C side: PostgreSQL's calling convention translated to
 * and from the Rust side (src/lib.rs, linked in as a static library), which computes
 * everything. A Rust call returns a status and a message and never raises; this file raises
 * the error after the call has returned, so that ereport's longjmp never crosses a Rust frame.
 *
 * Types: polyid_uid11, polyid_xid and polyid_tid are 8-byte pass-by-value types (a bigint's
 * bits), polyid_euid a 16-byte type stored as uuid is (PostgreSQL has types of its own named
 * xid and tid, hence the prefix). Comparisons, hashes and binary I/O that already exist for those
 * layouts (bigint's, uuid's) are declared in the SQL script over PostgreSQL's own functions;
 * this file has the unsigned comparisons of uid11 and xid and everything that reads text.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "fmgr.h"
#include "libpq/pqformat.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/lsyscache.h"
#include "utils/sortsupport.h"
#include "utils/timestamp.h"

PG_MODULE_MAGIC;

/* The Rust side (src/lib.rs, src/call.rs, src/types.rs, src/node.rs). */

typedef struct PolyidMessage
{
	size_t		len;
	char		text[1024];
} PolyidMessage;

typedef struct PolyidArg
{
	uint32		kind;			/* 0 text, 1 bigint, 2 bytea, 3 NULL (a bigint-or-NULL parameter) */
	const char *ptr;
	size_t		len;
	int64		i;
} PolyidArg;

typedef struct PolyidOut
{
	uint32		kind;			/* 0 NULL, 1 text, 2 bigint, 3 16 bytes, 4 Unix micros */
	size_t		len;
	int64		i;
	char		inline_text[48];
	char	   *heap;
} PolyidOut;

enum
{
	POLYID_UID11 = 0, POLYID_XID = 1, POLYID_TID = 2, POLYID_EUID = 3
};

extern int32 polyid_pg_find(const char *name, size_t len);
extern size_t polyid_pg_signature(int32 index, uint32 *params, uint32 *ret, int32 *is_volatile);
extern int	polyid_pg_call(int32 index, const PolyidArg *args, const char *node, size_t node_len,
						   PolyidOut *out, PolyidMessage *msg);
extern void polyid_pg_free(char *ptr, size_t len);
extern int	polyid_pg_node_check(const char *text, size_t len, PolyidMessage *msg);
extern int	polyid_pg_parse(uint32 family, const char *text, size_t len, uint64 *out, PolyidMessage *msg);
extern size_t polyid_pg_format(uint32 family, uint64 value, char *out);
extern int	polyid_pg_check(uint32 family, uint64 value, const char *what, size_t what_len, PolyidMessage *msg);
extern int	polyid_pg_from_decimal(uint32 family, const char *text, size_t len, uint64 *out, PolyidMessage *msg);
extern int	polyid_pg_from_bytes(uint32 family, const char *b, size_t len, uint64 *out, PolyidMessage *msg);
extern int	polyid_pg_euid_parse(const char *text, size_t len, uint8 *out, PolyidMessage *msg);
extern size_t polyid_pg_euid_format(const uint8 *value, char *out);
extern int	polyid_pg_euid_from_bytes(const char *b, size_t len, uint8 *out, PolyidMessage *msg);
extern void polyid_pg_fields(uint32 family, uint64 value, int64 *out);
extern void polyid_pg_euid_fields(const uint8 *value, int64 *out);
extern int	polyid_pg_bound(uint32 family, int64 unix_micros, int32 upper, const char *name,
							size_t name_len, uint8 *out, PolyidMessage *msg);
extern int	polyid_pg_generate(uint32 family, const char *node, size_t node_len, uint8 *out,
							   PolyidMessage *msg);

/* The `polyid.node` setting: the range of nodes this server's backends claim from. */
static char *node_setting = NULL;

void		_PG_init(void);

#define EUID_LEN 16
#define UNIX_TO_PG_MICROS ((int64) (POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * USECS_PER_DAY)

static int
error_code(int status)
{
	switch (status)
	{
		case 1:
			return ERRCODE_INVALID_TEXT_REPRESENTATION;
		case 2:
			return ERRCODE_INVALID_PARAMETER_VALUE;
		default:
			return ERRCODE_INTERNAL_ERROR;
	}
}

/* Raises a failed Rust call's error (the Rust frames have returned). */
/* PostgreSQL 18 replaced pg_attribute_noreturn() (after the declarator) with pg_noreturn
 * (before it). */
#ifdef pg_noreturn
static pg_noreturn void raise_error(int status, const PolyidMessage *msg);
#else
static void raise_error(int status, const PolyidMessage *msg) pg_attribute_noreturn();
#endif
static void
raise_error(int status, const PolyidMessage *msg)
{
	ereport(ERROR, (errcode(error_code(status)), errmsg("%.*s", (int) msg->len, msg->text)));
	pg_unreachable();
}

#define TRY(call) \
	do { \
		int			status_ = (call); \
		if (status_ != 0) \
			raise_error(status_, &msg); \
	} while (0)

/*
 * A type input's error: soft where the caller asks for one (PostgreSQL 16 and later:
 * pg_input_is_valid, COPY ... ON_ERROR), raised otherwise.
 */
#if PG_VERSION_NUM >= 160000
#define TRY_INPUT(call) \
	do { \
		int			status_ = (call); \
		if (status_ != 0) \
			ereturn(fcinfo->context, (Datum) 0, \
					(errcode(error_code(status_)), \
					 errmsg("%.*s", (int) msg.len, msg.text))); \
	} while (0)
#else
#define TRY_INPUT(call) TRY(call)
#endif

static const char *
node_text(size_t *len)
{
	const char *s = node_setting ? node_setting : "";

	*len = strlen(s);
	return s;
}

static bool
check_node(char **newval, void **extra, GucSource source)
{
	PolyidMessage msg;
	const char *s = *newval ? *newval : "";

	if (polyid_pg_node_check(s, strlen(s), &msg) != 0)
	{
		GUC_check_errdetail("%.*s", (int) msg.len, msg.text);
		return false;
	}
	return true;
}

void
_PG_init(void)
{
	DefineCustomStringVariable("polyid.node",
							   "Range of polyid nodes this server's backends claim from.",
							   "Empty: any node 0-959. N, or A-B: the nodes of this server, "
							   "disjoint from every other server's. Read when a backend "
							   "generates its first TID or xid.",
							   &node_setting,
							   "",
							   PGC_SUSET,
							   0,
							   check_node, NULL, NULL);
}

static TimestampTz
to_timestamptz(int64 unix_micros)
{
	TimestampTz ts = unix_micros - UNIX_TO_PG_MICROS;

	if (!IS_VALID_TIMESTAMP(ts))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("OUT_OF_RANGE: timestamp out of range")));
	return ts;
}

static int64
from_timestamptz(TimestampTz ts, const char *name)
{
	if (TIMESTAMP_NOT_FINITE(ts))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("OUT_OF_RANGE: %s(): an infinite timestamp has no ID", name)));
	/* PostgreSQL's instants reach the year 294276, past every family's range; moving the
	 * latest of them to Unix time would overflow. */
	if (ts > PG_INT64_MAX - UNIX_TO_PG_MICROS)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("OUT_OF_RANGE: %s(): the instant is past the range of every polyid family",
						name)));
	return ts + UNIX_TO_PG_MICROS;
}

/* ---------------------------------------------------------------------------------------
 * The functions of the SQLite/DuckDB extensions' table: one C function for all of them.
 * Each call site finds its function by SQL name once, and checks that the declared types
 * are the table's.
 */

/* The most arguments a function of the table takes (its MAX_ARGS). */
#define MAX_ARGS 4

typedef struct CallInfo
{
	int32		index;
	int			nparams;
	uint32		params[MAX_ARGS];
} CallInfo;

/* The table's types: text, bigint, bytea, timestamptz, bigint or NULL. */
static const Oid type_oids[] = {TEXTOID, INT8OID, BYTEAOID, TIMESTAMPTZOID, INT8OID};

static CallInfo *
lookup(FunctionCallInfo fcinfo)
{
	Oid			fn = fcinfo->flinfo->fn_oid;
	char	   *name = get_func_name(fn);
	Oid		   *argtypes;
	int			nargs;
	Oid			rettype = get_func_signature(fn, &argtypes, &nargs);
	CallInfo   *ci;
	uint32		params[MAX_ARGS];
	uint32		ret;
	int32		is_volatile;
	int32		index;
	size_t		n;
	int			i;
	bool		same;

	if (name == NULL)
		elog(ERROR, "polyid: function %u not found", fn);
	index = polyid_pg_find(name, strlen(name));
	if (index < 0)
		ereport(ERROR,
				(errcode(ERRCODE_UNDEFINED_FUNCTION),
				 errmsg("polyid has no SQL function named %s", name)));
	n = polyid_pg_signature(index, params, &ret, &is_volatile);
	same = (size_t) nargs == n && rettype == type_oids[ret];
	for (i = 0; same && i < nargs; i++)
		same = argtypes[i] == type_oids[params[i]];
	if (!same)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_FUNCTION_DEFINITION),
				 errmsg("%s is declared with other types than polyid's library has", name),
				 errhint("The extension's SQL script and its library differ: install one "
						 "release of both, then ALTER EXTENSION polyid UPDATE.")));
	ci = MemoryContextAlloc(fcinfo->flinfo->fn_mcxt, sizeof(CallInfo));
	ci->index = index;
	ci->nparams = (int) n;
	memcpy(ci->params, params, sizeof params);
	fcinfo->flinfo->fn_extra = ci;
	return ci;
}

PG_FUNCTION_INFO_V1(polyid_sql_function);
Datum
polyid_sql_function(PG_FUNCTION_ARGS)
{
	CallInfo   *ci = fcinfo->flinfo->fn_extra;
	PolyidArg	args[MAX_ARGS];
	PolyidOut	out;
	PolyidMessage msg;
	size_t		node_len;
	const char *node;
	int			i;

	if (ci == NULL)
		ci = lookup(fcinfo);
	for (i = 0; i < ci->nparams; i++)
	{
		/* Only a function with a bigint-or-NULL parameter is not STRICT: NULL in any other
		 * argument is a NULL result. */
		if (PG_ARGISNULL(i))
		{
			if (ci->params[i] != 4)
				PG_RETURN_NULL();
			args[i].kind = 3;
			args[i].ptr = NULL;
			args[i].len = 0;
			args[i].i = 0;
		}
		else if (ci->params[i] == 1 || ci->params[i] == 4)
		{
			args[i].kind = 1;
			args[i].ptr = NULL;
			args[i].len = 0;
			args[i].i = PG_GETARG_INT64(i);
		}
		else
		{
			struct varlena *v = PG_GETARG_VARLENA_PP(i);

			args[i].kind = ci->params[i] == 0 ? 0 : 2;
			args[i].ptr = VARDATA_ANY(v);
			args[i].len = VARSIZE_ANY_EXHDR(v);
			args[i].i = 0;
		}
	}
	node = node_text(&node_len);
	TRY(polyid_pg_call(ci->index, args, node, node_len, &out, &msg));
	switch (out.kind)
	{
		case 0:
			PG_RETURN_NULL();
		case 1:
			if (out.heap != NULL)
			{
				/* Copied before anything here can raise (palloc of this size only fails
				 * out of memory, when the Rust buffer's loss is the least of it). */
				text	   *t = cstring_to_text_with_len(out.heap, out.len);

				polyid_pg_free(out.heap, out.len);
				PG_RETURN_TEXT_P(t);
			}
			PG_RETURN_TEXT_P(cstring_to_text_with_len(out.inline_text, out.len));
		case 2:
			PG_RETURN_INT64(out.i);
		case 3:
			{
				bytea	   *b = palloc(VARHDRSZ + EUID_LEN);

				SET_VARSIZE(b, VARHDRSZ + EUID_LEN);
				memcpy(VARDATA(b), out.inline_text, EUID_LEN);
				PG_RETURN_BYTEA_P(b);
			}
		default:
			PG_RETURN_TIMESTAMPTZ(to_timestamptz(out.i));
	}
}

/* ---------------------------------------------------------------------------------------
 * polyid_uid11, polyid_xid, polyid_tid: text and numeric conversions, unsigned comparisons.
 */

#define U64_TEXT_IO(name, family) \
PG_FUNCTION_INFO_V1(polyid_##name##_in); \
Datum \
polyid_##name##_in(PG_FUNCTION_ARGS) \
{ \
	const char *s = PG_GETARG_CSTRING(0); \
	uint64		v; \
	PolyidMessage msg; \
	TRY_INPUT(polyid_pg_parse(family, s, strlen(s), &v, &msg)); \
	PG_RETURN_INT64((int64) v); \
} \
PG_FUNCTION_INFO_V1(polyid_##name##_out); \
Datum \
polyid_##name##_out(PG_FUNCTION_ARGS) \
{ \
	char	   *buf = palloc(17); \
	size_t		n = polyid_pg_format(family, (uint64) PG_GETARG_INT64(0), buf); \
	if (n == 0) \
		elog(ERROR, "polyid: a stored " #name " holds no valid value"); \
	buf[n] = '\0'; \
	PG_RETURN_CSTRING(buf); \
} \
PG_FUNCTION_INFO_V1(polyid_##name##_to_numeric); \
Datum \
polyid_##name##_to_numeric(PG_FUNCTION_ARGS) \
{ \
	int64		v = PG_GETARG_INT64(0); \
	char		buf[24]; \
	if (family == POLYID_TID) \
		snprintf(buf, sizeof buf, INT64_FORMAT, v); \
	else \
		snprintf(buf, sizeof buf, UINT64_FORMAT, (uint64) v); \
	return DirectFunctionCall3(numeric_in, CStringGetDatum(buf), \
							   ObjectIdGetDatum(InvalidOid), Int32GetDatum(-1)); \
} \
PG_FUNCTION_INFO_V1(polyid_##name##_from_numeric); \
Datum \
polyid_##name##_from_numeric(PG_FUNCTION_ARGS) \
{ \
	char	   *s = DatumGetCString(DirectFunctionCall1(numeric_out, PG_GETARG_DATUM(0))); \
	uint64		v; \
	PolyidMessage msg; \
	TRY(polyid_pg_from_decimal(family, s, strlen(s), &v, &msg)); \
	PG_RETURN_INT64((int64) v); \
} \
PG_FUNCTION_INFO_V1(polyid_##name##_to_bytea); \
Datum \
polyid_##name##_to_bytea(PG_FUNCTION_ARGS) \
{ \
	uint64		v = (uint64) PG_GETARG_INT64(0); \
	bytea	   *b = palloc(VARHDRSZ + 8); \
	int			i; \
	SET_VARSIZE(b, VARHDRSZ + 8); \
	for (i = 0; i < 8; i++) \
		((uint8 *) VARDATA(b))[i] = (uint8) (v >> (56 - 8 * i)); \
	PG_RETURN_BYTEA_P(b); \
} \
PG_FUNCTION_INFO_V1(polyid_##name##_from_bytea); \
Datum \
polyid_##name##_from_bytea(PG_FUNCTION_ARGS) \
{ \
	bytea	   *b = PG_GETARG_BYTEA_PP(0); \
	uint64		v; \
	PolyidMessage msg; \
	TRY(polyid_pg_from_bytes(family, VARDATA_ANY(b), VARSIZE_ANY_EXHDR(b), &v, &msg)); \
	PG_RETURN_INT64((int64) v); \
}

U64_TEXT_IO(uid11, POLYID_UID11)
U64_TEXT_IO(xid, POLYID_XID)
U64_TEXT_IO(tid, POLYID_TID)

/* A TID from bits (a bigint cast, binary input): every value but 1,024 is one. */
static int64
checked_tid(int64 v, const char *what)
{
	PolyidMessage msg;

	TRY(polyid_pg_check(POLYID_TID, (uint64) v, what, strlen(what), &msg));
	return v;
}

PG_FUNCTION_INFO_V1(polyid_tid_from_int8);
Datum
polyid_tid_from_int8(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64(checked_tid(PG_GETARG_INT64(0), "polyid_tid from bigint"));
}

PG_FUNCTION_INFO_V1(polyid_tid_recv);
Datum
polyid_tid_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);

	PG_RETURN_INT64(checked_tid(pq_getmsgint64(buf), "polyid_tid binary input"));
}

/* uid11 and xid are unsigned: past 2^63 a bigint's comparison would sort them first. */
static inline int
u64_cmp(uint64 a, uint64 b)
{
	return a < b ? -1 : (a > b ? 1 : 0);
}

#define U64_CMP(op, expr) \
PG_FUNCTION_INFO_V1(polyid_u64_##op); \
Datum \
polyid_u64_##op(PG_FUNCTION_ARGS) \
{ \
	uint64		a = (uint64) PG_GETARG_INT64(0); \
	uint64		b = (uint64) PG_GETARG_INT64(1); \
	PG_RETURN_BOOL(expr); \
}

U64_CMP(lt, a < b)
U64_CMP(le, a <= b)
U64_CMP(gt, a > b)
U64_CMP(ge, a >= b)

PG_FUNCTION_INFO_V1(polyid_u64_cmp);
Datum
polyid_u64_cmp(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(u64_cmp((uint64) PG_GETARG_INT64(0), (uint64) PG_GETARG_INT64(1)));
}

static int
u64_fastcmp(Datum x, Datum y, SortSupport ssup)
{
	return u64_cmp((uint64) DatumGetInt64(x), (uint64) DatumGetInt64(y));
}

PG_FUNCTION_INFO_V1(polyid_u64_sortsupport);
Datum
polyid_u64_sortsupport(PG_FUNCTION_ARGS)
{
	SortSupport ssup = (SortSupport) PG_GETARG_POINTER(0);

	ssup->comparator = u64_fastcmp;
	PG_RETURN_VOID();
}

/* ---------------------------------------------------------------------------------------
 * euid: text and bytea conversions (uuid's layout: comparisons, hashes and binary I/O are
 * uuid's own).
 */

PG_FUNCTION_INFO_V1(polyid_euid_in);
Datum
polyid_euid_in(PG_FUNCTION_ARGS)
{
	const char *s = PG_GETARG_CSTRING(0);
	uint8	   *v = palloc(EUID_LEN);
	PolyidMessage msg;

	TRY_INPUT(polyid_pg_euid_parse(s, strlen(s), v, &msg));
	PG_RETURN_POINTER(v);
}

PG_FUNCTION_INFO_V1(polyid_euid_out);
Datum
polyid_euid_out(PG_FUNCTION_ARGS)
{
	char	   *buf = palloc(33);
	size_t		n = polyid_pg_euid_format((const uint8 *) PG_GETARG_POINTER(0), buf);

	buf[n] = '\0';
	PG_RETURN_CSTRING(buf);
}

PG_FUNCTION_INFO_V1(polyid_euid_to_bytea);
Datum
polyid_euid_to_bytea(PG_FUNCTION_ARGS)
{
	bytea	   *b = palloc(VARHDRSZ + EUID_LEN);

	SET_VARSIZE(b, VARHDRSZ + EUID_LEN);
	memcpy(VARDATA(b), PG_GETARG_POINTER(0), EUID_LEN);
	PG_RETURN_BYTEA_P(b);
}

PG_FUNCTION_INFO_V1(polyid_euid_from_bytea);
Datum
polyid_euid_from_bytea(PG_FUNCTION_ARGS)
{
	bytea	   *b = PG_GETARG_BYTEA_PP(0);
	uint8	   *v = palloc(EUID_LEN);
	PolyidMessage msg;

	TRY(polyid_pg_euid_from_bytes(VARDATA_ANY(b), VARSIZE_ANY_EXHDR(b), v, &msg));
	PG_RETURN_POINTER(v);
}

/* ---------------------------------------------------------------------------------------
 * Fields, timestamps, time bounds and generators of the typed values.
 */

static void
fields(uint32 family, FunctionCallInfo fcinfo, int64 *out)
{
	if (family == POLYID_EUID)
		polyid_pg_euid_fields((const uint8 *) PG_GETARG_POINTER(0), out);
	else
		polyid_pg_fields(family, (uint64) PG_GETARG_INT64(0), out);
}

/* One field of a typed value: `which` 0 or 1 of the pair the Rust side reads; `as` how it is
 * returned (an integer, an instant from milliseconds or microseconds, NULL when negative). */
#define FIELD_INT 0
#define FIELD_MS 1
#define FIELD_US 2
#define FIELD_OPTIONAL 3
#define FIELD(name, family, which, as) \
PG_FUNCTION_INFO_V1(polyid_##name##_of); \
Datum \
polyid_##name##_of(PG_FUNCTION_ARGS) \
{ \
	int64		f[2]; \
	fields(family, fcinfo, f); \
	if (as == FIELD_MS) \
		PG_RETURN_TIMESTAMPTZ(to_timestamptz(f[which] * 1000)); \
	if (as == FIELD_US) \
		PG_RETURN_TIMESTAMPTZ(to_timestamptz(f[which])); \
	if (as == FIELD_OPTIONAL && f[which] < 0) \
		PG_RETURN_NULL(); \
	PG_RETURN_INT64(f[which]); \
}

FIELD(xid_unix_ms, POLYID_XID, 0, FIELD_INT)
FIELD(xid_random, POLYID_XID, 1, FIELD_INT)
FIELD(xid_timestamp, POLYID_XID, 0, FIELD_MS)
FIELD(tid_micros, POLYID_TID, 0, FIELD_INT)
FIELD(tid_clock_id, POLYID_TID, 1, FIELD_INT)
FIELD(tid_timestamp, POLYID_TID, 0, FIELD_US)
FIELD(euid_unix_ms, POLYID_EUID, 0, FIELD_INT)
FIELD(euid_extension, POLYID_EUID, 1, FIELD_OPTIONAL)
FIELD(euid_timestamp, POLYID_EUID, 0, FIELD_MS)

#define BOUND(family, kind, upper) \
PG_FUNCTION_INFO_V1(polyid_##kind##_##upper); \
Datum \
polyid_##kind##_##upper(PG_FUNCTION_ARGS) \
{ \
	const char *name = "polyid_" #kind "_" #upper; \
	int64		micros = from_timestamptz(PG_GETARG_TIMESTAMPTZ(0), name); \
	uint8	   *v = palloc(EUID_LEN); \
	PolyidMessage msg; \
	TRY(polyid_pg_bound(family, micros, strcmp(#upper, "max") == 0, name, strlen(name), v, &msg)); \
	if (family == POLYID_EUID) \
		PG_RETURN_POINTER(v); \
	{ \
		uint64		x; \
		memcpy(&x, v, 8); \
		PG_RETURN_INT64((int64) x); \
	} \
}

BOUND(POLYID_XID, xid, min)
BOUND(POLYID_XID, xid, max)
BOUND(POLYID_TID, tid, min)
BOUND(POLYID_TID, tid, max)
BOUND(POLYID_EUID, euid, min)
BOUND(POLYID_EUID, euid, max)

#define GENERATE(family, kind) \
PG_FUNCTION_INFO_V1(polyid_##kind##_new); \
Datum \
polyid_##kind##_new(PG_FUNCTION_ARGS) \
{ \
	size_t		node_len; \
	const char *node = node_text(&node_len); \
	uint8	   *v = palloc(EUID_LEN); \
	PolyidMessage msg; \
	TRY(polyid_pg_generate(family, node, node_len, v, &msg)); \
	if (family == POLYID_EUID) \
		PG_RETURN_POINTER(v); \
	{ \
		uint64		x; \
		memcpy(&x, v, 8); \
		PG_RETURN_INT64((int64) x); \
	} \
}

GENERATE(POLYID_XID, xid)
GENERATE(POLYID_TID, tid)
GENERATE(POLYID_EUID, euid)

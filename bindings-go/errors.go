package polyid

/*
#include <polyid.h>
*/
import "C"

import "fmt"

// Error is every failure of this package: the stable code that every polyid runtime shares
// (the same string as Python's PolyIdError.code and JavaScript's error.code), the core's
// message, and the details the core reports for some codes.
//
// Test for a code with errors.Is and the sentinels below (errors.Is(err,
// polyid.ErrInvalidCharacter)), or read it with errors.As and Code.
type Error struct {
	// Code is the stable error code, e.g. "INVALID_CHARACTER".
	Code string
	// Message is the core's message, e.g. "TID: invalid character 'K' at index 1".
	Message string
	// Detail says which of the fields below are set.
	Detail Detail
	// Index: DetailCharacter, the character index (every character before it is ASCII, so
	// it is also the byte offset); DetailByteOffset, the offset of the first non-UTF-8 byte.
	Index int64
	// Character: DetailCharacter, the offending character.
	Character string
	// Found and Expected: DetailLength (bytes) and DetailCheckmod (check values); Found
	// also for DetailRange.
	Found, Expected int64
	// Min and Max: DetailRange, the accepted inclusive range.
	Min, Max int64
}

// Detail tells which detail fields of an Error are set.
type Detail int

// The kinds of detail (the C ABI's polyid_detail).
const (
	DetailNone       Detail = C.POLYID_DETAIL_NONE
	DetailCharacter  Detail = C.POLYID_DETAIL_CHARACTER
	DetailLength     Detail = C.POLYID_DETAIL_LENGTH
	DetailCheckmod   Detail = C.POLYID_DETAIL_CHECKMOD
	DetailRange      Detail = C.POLYID_DETAIL_RANGE
	DetailByteOffset Detail = C.POLYID_DETAIL_BYTE_OFFSET
)

// Error returns the core's message (the sentinels, which have none, return their code).
func (e *Error) Error() string {
	if e.Message == "" {
		return "polyid: " + e.Code
	}
	return e.Message
}

// Is makes errors.Is(err, polyid.ErrX) true for every error with ErrX's code.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Message == "" && t.Code == e.Code
}

// The sentinels, one per stable code, for errors.Is.
var (
	ErrInvalidFormat        = &Error{Code: "INVALID_FORMAT"}
	ErrNonASCII             = &Error{Code: "NON_ASCII"}
	ErrInvalidSeverity      = &Error{Code: "INVALID_SEVERITY"}
	ErrInvalidComponent     = &Error{Code: "INVALID_COMPONENT"}
	ErrInvalidPrimary       = &Error{Code: "INVALID_PRIMARY"}
	ErrInvalidSequence      = &Error{Code: "INVALID_SEQUENCE"}
	ErrUnknownNamedSequence = &Error{Code: "UNKNOWN_NAMED_SEQUENCE"}
	ErrInvalidNamespace     = &Error{Code: "INVALID_NAMESPACE"}
	ErrInvalidLength        = &Error{Code: "INVALID_LENGTH"}
	ErrInvalidCharacter     = &Error{Code: "INVALID_CHARACTER"}
	ErrOverflow             = &Error{Code: "OVERFLOW"}
	ErrOutOfRange           = &Error{Code: "OUT_OF_RANGE"}
	ErrInvalidCheckmod      = &Error{Code: "INVALID_CHECKMOD"}
	ErrExhausted            = &Error{Code: "EXHAUSTED"}
	ErrNullPointer          = &Error{Code: "NULL_POINTER"}
	ErrBufferTooSmall       = &Error{Code: "BUFFER_TOO_SMALL"}
	ErrInvalidUTF8          = &Error{Code: "INVALID_UTF8"}
	ErrInvalidArgument      = &Error{Code: "INVALID_ARGUMENT"}
	ErrNotFound             = &Error{Code: "NOT_FOUND"}
	ErrMissingField         = &Error{Code: "MISSING_FIELD"}
	ErrCollision            = &Error{Code: "COLLISION"}
	ErrDuplicateCode        = &Error{Code: "DUPLICATE_CODE"}
	ErrInvalidCatalog       = &Error{Code: "INVALID_CATALOG"}
	ErrTampered             = &Error{Code: "TAMPERED"}
	ErrInvalidSignature     = &Error{Code: "INVALID_SIGNATURE"}
	ErrNotUUIDv8            = &Error{Code: "NOT_UUID_V8"}
	ErrReservedType         = &Error{Code: "RESERVED_TYPE"}
	ErrReservedBits         = &Error{Code: "RESERVED_BITS"}
	ErrUnsupportedScheme    = &Error{Code: "UNSUPPORTED_SCHEME"}
	ErrInvalidUnit          = &Error{Code: "INVALID_UNIT"}
	ErrNodeRequired         = &Error{Code: "NODE_REQUIRED"}
	ErrNodeInUse            = &Error{Code: "NODE_IN_USE"}
	ErrClockBehind          = &Error{Code: "CLOCK_BEHIND"}
	ErrInternal             = &Error{Code: "INTERNAL_ERROR"}
)

// fail turns a C status and its polyid_error into an *Error (nil for POLYID_OK). It is
// small enough to be inlined and reads the struct only on failure, through a copy, so that
// the callers' polyid_error stays on their stack.
func fail(st C.enum_polyid_status, e *C.polyid_error) error {
	if st == C.POLYID_OK {
		return nil
	}
	return failed(st, *e)
}

func failed(st C.enum_polyid_status, e C.polyid_error) error {
	out := &Error{
		Code:    C.GoString(C.polyid_status_code(C.int32_t(st))),
		Message: C.GoString(&e.message[0]),
		Detail:  Detail(e.detail),
	}
	switch out.Detail {
	case DetailCharacter:
		out.Index = int64(e.index)
		// From the scalar value: character_utf8 of U+0000 reads as "" through C.GoString.
		out.Character = string(rune(e.character))
	case DetailByteOffset:
		out.Index = int64(e.index)
	case DetailLength, DetailCheckmod:
		out.Found, out.Expected = int64(e.found), int64(e.expected)
	case DetailRange:
		out.Found, out.Min, out.Max = int64(e.found), int64(e.min), int64(e.max)
	}
	return out
}

// goError is an error found on the Go side of the boundary (a value of the wrong Go type,
// a negative count), with the same stable codes.
func goError(code, format string, args ...any) error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// statusCode is polyid_status_code(), for the tests that hold the sentinels to the ABI.
func statusCode(status int) string { return C.GoString(C.polyid_status_code(C.int32_t(status))) }

package polyid

// scanText is the sql.Scanner of the text-backed types: a string or []byte column is parsed
// by the type's UnmarshalText; anything else (NULL included: scan into sql.Null[T]) is
// INVALID_ARGUMENT.
func scanText(src any, typeName string, unmarshal func([]byte) error) error {
	switch v := src.(type) {
	case string:
		return unmarshal([]byte(v))
	case []byte:
		return unmarshal(v)
	case nil:
		return goError("INVALID_ARGUMENT", "cannot scan NULL into a %s (use sql.Null[%s])", typeName, typeName)
	default:
		return goError("INVALID_ARGUMENT", "cannot scan a %T into a %s", src, typeName)
	}
}

package polyid

import "testing"

// The floor: an empty cgo call. Every call below crosses once, plus its own work.
func BenchmarkCgoNoop(b *testing.B) {
	for i := 0; i < b.N; i++ {
		cgoNoop()
	}
}

func BenchmarkCompactID(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := CompactID("E.Auth.Token.MISSING"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCompactIDError(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := CompactID("Q.Auth.Token.001"); err == nil {
			b.Fatal("accepted")
		}
	}
}

func BenchmarkUid11String(b *testing.B) {
	for i := 0; i < b.N; i++ {
		_ = Uid11(uint64(i)).String()
	}
}

func BenchmarkParseXid(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := ParseXid("4h1dcciS8r7"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkXidString(b *testing.B) {
	x := Xid(0x0123456789abcdef)
	for i := 0; i < b.N; i++ {
		_ = x.String()
	}
}

func BenchmarkGenerateXid(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := GenerateXid(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseTid(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := ParseTid("3kxnlhr3gxq23"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTidString(b *testing.B) {
	t := Tid(1721407246480310<<10 | 1)
	for i := 0; i < b.N; i++ {
		_ = t.String()
	}
}

func BenchmarkTidGeneratorNext(b *testing.B) {
	g, err := NewTidGenerator()
	if err != nil {
		b.Fatal(err)
	}
	defer g.Close()
	for i := 0; i < b.N; i++ {
		if _, err := g.Next(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseEuid(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := ParseEuid("C8ZM14GR4JXG0MQXVY18S8TJNA6"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEuidString(b *testing.B) {
	e := EuidFromHalves(0x0123456789abcdef, 0xfedcba9876543210)
	for i := 0; i < b.N; i++ {
		_ = e.String()
	}
}

func BenchmarkEuidGeneratorNext(b *testing.B) {
	g, err := NewEuidGenerator()
	if err != nil {
		b.Fatal(err)
	}
	defer g.Close()
	for i := 0; i < b.N; i++ {
		if _, err := g.Next(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkExtUUIDEncode(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := ExtUUIDEncode("fixedB4:GBP$:222.31"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCatalogExpand(b *testing.B) {
	c, err := LoadCatalog(`{"V6a0B": ["E.AUTH.TOKEN.001", "token missing for {{user}}"]}`)
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	fields := map[string]string{"user": "ada"}
	for i := 0; i < b.N; i++ {
		if _, err := c.Expand("V6a0B", fields); err != nil {
			b.Fatal(err)
		}
	}
}

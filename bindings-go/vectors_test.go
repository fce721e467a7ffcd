package polyid_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/polyid/polyid/bindings-go/internal/vectors"
)

// vectorDir is the repository's tests/vectors (POLYID_VECTORS overrides it).
func vectorDir() string {
	if d := os.Getenv("POLYID_VECTORS"); d != "" {
		return d
	}
	return filepath.Join("..", "tests", "vectors")
}

// TestVectors runs every case of every shared vector file through the Go API.
func TestVectors(t *testing.T) {
	files, err := vectors.Load(vectorDir())
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, f := range files {
		t.Run(f.Family, func(t *testing.T) {
			if len(f.Cases) == 0 {
				t.Fatalf("%s: no cases", f.Family)
			}
			for _, c := range f.Cases {
				total++
				r := vectors.Run(c)
				if r.Status != "pass" {
					exp, _ := json.Marshal(r.Expected)
					got, _ := json.Marshal(r.Got)
					t.Errorf("%s/%s (%s): %s\n  expected %s\n  got      %s", f.Family, c.Name, c.Op, r.Reason, exp, got)
				}
			}
		})
	}
	if total < 1000 {
		t.Fatalf("only %d cases read", total)
	}
	t.Logf("%d vector cases in %d files", total, len(files))
}

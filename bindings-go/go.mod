module github.com/polyid/polyid/bindings-go

go 1.24

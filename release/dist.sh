#!/usr/bin/env bash
# `make dist`: every release artifact of this version into dist/, built on this machine.
#
#   dist/python/  the distribution polyid-rs (import name `polyid`): sdist + abi3 wheels,
#                 manylinux_2_17 and musllinux_1_2, x86_64 and aarch64 (maturin --zig), each
#                 checked by auditwheel show, twine check and check-wheel-contents
#   dist/npm/     polyid (the JS entry, optionalDependencies on the platform packages),
#                 @polyid/linux-{x64,arm64}-{gnu,musl} (one addon each, os/cpu/libc fields; npm
#                 names their tarballs polyid-linux-...), polyid-wasm; publint and
#                 @arethetypeswrong/cli on polyid and polyid-wasm
#   dist/c/       polyid-c-<version>-<target>.tar.gz per Linux target: include/, lib/ (static,
#                 shared, pkg-config, CMake package, the SQL engine extensions), licenses; the
#                 glibc ones also PostgreSQL's native extension for Debian's PostgreSQL 15
#                 (lib/postgresql/15/polyid.so, share/postgresql/15/extension/)
#   dist/cli/     polyid-<version>-{x86_64,aarch64}-unknown-linux-musl.tar.gz: static binaries
#   dist/sql/     polyid-sql-<version>-<target>.tar.gz per Linux target: the SQLite extension
#                 (polyid_sqlite.so) and the DuckDB one (polyid.duckdb_extension), which the
#                 wheels (polyid/_sql/), the npm platform packages and the C SDKs carry too;
#                 polyid--plpgsql.sql (PostgreSQL's pure-SQL tier, also in the wheels and in
#                 the npm package polyid)
#   dist/go/      polyid-go-<version>.zip: the Go module github.com/polyid/polyid/bindings-go as a
#                 module zip (files under github.com/polyid/polyid/bindings-go@v<version>/, the
#                 layout a Go module proxy serves), with lib/linux_{amd64,arm64}/libpolyid.a (the
#                 glibc static libraries of the C SDK) and lib/include/polyid.h
#   dist/jvm/     polyid-<version>.jar (io.polyid with libpolyid_jvm.so for linux-x86_64 and
#                 linux-aarch64 under META-INF/native/), polyid-<version>.pom,
#                 polyid-<version>-sources.jar, -javadoc.jar; polyid-spark-<version>.jar
#                 (io.polyid.spark, compiled against the pyspark wheel's Spark jars) with its
#                 POM, sources and javadoc jars
#   dist/crates/  polyid-<version>.crate and polyid-arrow-<version>.crate: `cargo package`, each
#                 verified by a build of the packaged crate (what `cargo publish` uploads)
#   dist/SHA256SUMS
#
# Cross builds link with zig (PyPI `ziglang`): maturin --zig for the wheels, cargo-zigbuild
# (crates.io, installed once into ~/.cache/polyid) for the rest. glibc targets are built
# against glibc 2.17, so the same files load on every manylinux2014-era system.
#
# DIST_ONLY="crates sql python npm c cli go jvm" builds a subset (SHA256SUMS always covers what is
# in dist/). The release workflow (.github/workflows/release.yml) runs the same steps per
# platform and adds macOS and Windows.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
dist=$root/dist
work=$root/target/dist
venv=$root/target/release-venv
cache=${POLYID_CACHE:-$HOME/.cache/polyid}
only=${DIST_ONLY:-crates sql python npm c cli go jvm}
# The crates published to crates.io, in publishing order (the bindings and the CLI are not).
CRATES=(polyid polyid-arrow)
version=$(python3 "$root/release/version.py" get)
TARGETS=(x86_64-unknown-linux-gnu aarch64-unknown-linux-gnu x86_64-unknown-linux-musl aarch64-unknown-linux-musl)
ZIGBUILD_VERSION=0.20.1  # the release cargo info resolves for this workspace
log() { printf '\n==> dist: %s\n' "$*"; }
want() { [[ " $only " == *" $1 "* ]]; }

# npm's platform key of a Rust target: linux-x64-gnu, linux-arm64-musl, ...
npm_key() {
    local arch=${1%%-*} libc=${1##*-}
    case $arch in x86_64) arch=x64 ;; aarch64) arch=arm64 ;; esac
    echo "linux-$arch-$libc"
}
# What cargo-zigbuild is given: glibc targets carry the glibc version to link against.
zig_target() { case $1 in *-gnu) echo "$1.2.17" ;; *) echo "$1" ;; esac; }

# ---------------------------------------------------------------------------------------------
# Tools: pinned Python tools (maturin, ziglang, auditwheel, twine, ...), the npm checkers,
# the Rust targets, cargo-zigbuild.

log "tools"
python3 "$root/release/version.py" check
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
if ! cmp -s "$root/release/requirements.txt" "$venv/.requirements.txt"; then
    "$venv/bin/pip" install -q --disable-pip-version-check -r "$root/release/requirements.txt"
    cp "$root/release/requirements.txt" "$venv/.requirements.txt"
fi
# maturin --zig and cargo-zigbuild find zig as `python -m ziglang` through the python on PATH.
export PATH="$venv/bin:$PATH"
if ! [ -x "$root/release/node_modules/.bin/publint" ] ||
    [ "$root/release/package-lock.json" -nt "$root/release/node_modules/.package-lock.json" ]; then
    (cd "$root/release" && npm ci --no-audit --no-fund --loglevel=error)
fi
installed_targets=$(rustup target list --installed)
for t in "${TARGETS[@]}"; do
    grep -qx "$t" <<<"$installed_targets" || timeout 600 rustup target add "$t"
done
zigbuild_root=$cache/cargo-zigbuild-$ZIGBUILD_VERSION
if ! [ -x "$zigbuild_root/bin/cargo-zigbuild" ]; then
    cargo install cargo-zigbuild --locked --version "=$ZIGBUILD_VERSION" --root "$zigbuild_root"
fi
export PATH="$zigbuild_root/bin:$PATH"
# llvm-strip from the llvm-tools component strips every architecture's objects.
if ! llvm_strip=$(ls "$(rustc --print sysroot)"/lib/rustlib/*/bin/llvm-strip 2>/dev/null | head -n 1) ||
    [ -z "$llvm_strip" ]; then
    timeout 600 rustup component add llvm-tools
    llvm_strip=$(ls "$(rustc --print sysroot)"/lib/rustlib/*/bin/llvm-strip | head -n 1)
fi

# The musl targets link statically by default; a shared object (the Python extension, the
# Node addon, libpolyid.so) must link musl dynamically to load into a musl process.
musl_shared() {
    case $1 in *-musl) echo "-C target-feature=-crt-static" ;; *) echo "" ;; esac
}
# cargo zigbuild for one target with extra RUSTFLAGS, stripped symbols, the release profile
# (or PROFILE=name: sql-release for the SQL extensions, pg-release for PostgreSQL's library).
zigbuild() {
    local target=$1 flags=$2
    shift 2
    env RUSTFLAGS="$flags" CARGO_PROFILE_RELEASE_STRIP=symbols CARGO_PROFILE_SQL_RELEASE_STRIP=symbols \
        CARGO_PROFILE_PG_RELEASE_STRIP=symbols \
        cargo zigbuild --profile "${PROFILE:-release}" --locked --target "$(zig_target "$target")" "$@"
}

mkdir -p "$dist" "$work"

# ---------------------------------------------------------------------------------------------
# SQL engine extensions (sql/, crate polyid-sql), built once per target for every package that
# carries them: $work/sql/<target>/{polyid_sqlite.so,polyid.duckdb_extension}.

rm -rf "$work/sql"
sql_build() {
    local t=$1 out=$work/sql/$1
    [ -f "$out/polyid.duckdb_extension" ] && return 0
    log "sql: extensions for $t"
    PROFILE=sql-release zigbuild "$t" "$(musl_shared "$t")" -p polyid-sql
    mkdir -p "$out"
    cp "$root/target/$t/sql-release/libpolyid_sql.so" "$out/polyid_sqlite.so"
    # As for the wheels below: musl's loader answers to both names, musllinux policies want this one.
    case $t in *-musl) patchelf --replace-needed libc.so "libc.musl-${t%%-*}.so.1" "$out/polyid_sqlite.so" ;; esac
    python3 "$root/sql/tools/duckdb_extension.py" "$out/polyid_sqlite.so" "$out/polyid.duckdb_extension" \
        --version "$version" --target "$t"
}

if want sql; then
    rm -rf "$dist/sql" && mkdir -p "$dist/sql"
    for t in "${TARGETS[@]}"; do
        sql_build "$t"
        name=polyid-sql-$version-$t
        dir=$work/sql-dist/$name
        rm -rf "$dir" && mkdir -p "$dir"
        install -m 755 "$work/sql/$t/polyid_sqlite.so" "$work/sql/$t/polyid.duckdb_extension" "$dir/"
        install -m 644 "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$root/sql/README.md" "$dir/"
        tar -C "$work/sql-dist" --owner=0 --group=0 --sort=name -czf "$dist/sql/$name.tar.gz" "$name"
    done
    # PostgreSQL's pure-SQL tier: one file for every platform, under the name users load.
    install -m 644 "$root/postgres/polyid--plpgsql.sql" "$dist/sql/"
    ls -l "$dist/sql"
fi

# ---------------------------------------------------------------------------------------------
# Rust crates: what `cargo publish` would upload. `cargo package` of both at once verifies
# polyid-arrow against the polyid just packaged (not yet on crates.io). It refuses a crate
# whose files have uncommitted changes: a release is built from a commit.

if want crates; then
    log "crates: cargo package ${CRATES[*]} (each verified by a build of the packaged crate)"
    rm -rf "$dist/crates" && mkdir -p "$dist/crates"
    (cd "$root" && cargo package --locked "${CRATES[@]/#/-p}")
    for c in "${CRATES[@]}"; do cp "$root/target/package/$c-$version.crate" "$dist/crates/"; done
    ls -l "$dist/crates"
fi

# ---------------------------------------------------------------------------------------------
# Python

if want python; then
    log "python: sdist and wheels"
    rm -rf "$dist/python" && mkdir -p "$dist/python"
    maturin sdist --manifest-path "$root/bindings-python/Cargo.toml" --out "$dist/python"
    for t in "${TARGETS[@]}"; do
        case $t in *-gnu) compat=manylinux2014 ;; *) compat=musllinux_1_2 ;; esac
        rm -rf "$work/wheel-out"
        maturin build --release --locked --zig --target "$t" --compatibility "$compat" \
            --manifest-path "$root/bindings-python/Cargo.toml" --out "$work/wheel-out"
        # polyid.sqlite / polyid.duckdb: the target's SQL extensions in polyid/_sql/.
        sql_build "$t"
        python "$root/bindings-python/backend/polyid_sql_files.py" add "$work"/wheel-out/*.whl \
            "$work/sql/$t/polyid_sqlite.so" "$work/sql/$t/polyid.duckdb_extension" \
            "$root/postgres/polyid--plpgsql.sql"
        mv "$work"/wheel-out/*.whl "$dist/python/"
    done
    # zig links a musl extension against `libc.so`, a name musl's loader answers to itself;
    # musllinux policies (auditwheel, and wheels built on Alpine) name it libc.musl-<arch>.so.1.
    for whl in "$dist"/python/*musllinux*.whl; do
        arch=$(basename "$whl" .whl | sed 's/.*musllinux_1_2_//')
        rm -rf "$work/wheel" && python -m wheel unpack -d "$work/wheel" "$whl" >/dev/null
        for so in "$work"/wheel/*/polyid/_polyid*.so; do
            patchelf --replace-needed libc.so "libc.musl-$arch.so.1" "$so"
        done
        rm "$whl" && python -m wheel pack -d "$dist/python" "$work"/wheel/* >/dev/null
    done
    log "python: auditwheel show, twine check, check-wheel-contents"
    for whl in "$dist"/python/*.whl; do
        # The last platform tag of the file name (manylinux_2_17_x86_64, musllinux_1_2_aarch64).
        tag=$(basename "$whl" .whl | awk -F- '{print $NF}')
        tag=${tag##*.}
        shown=$(python "$root/release/auditwheel_show.py" "$whl")
        grep -qF "\"$tag\"" <<<"$shown" || { echo "$shown"; echo "auditwheel: $whl is not $tag"; exit 1; }
        echo "auditwheel show: $(basename "$whl"): consistent with $tag"
    done
    twine check --strict "$dist"/python/*
    check-wheel-contents "$dist"/python/*.whl
fi

# ---------------------------------------------------------------------------------------------
# npm: one package per platform, the main package, the wasm package

if want npm; then
    log "npm: addons"
    rm -rf "$dist/npm" "$work/npm" && mkdir -p "$dist/npm" "$work/npm/addons"
    for t in "${TARGETS[@]}"; do
        zigbuild "$t" "$(musl_shared "$t")" -p polyid-node
        cp "$root/target/$t/release/libpolyid_node.so" "$work/npm/addons/polyid.$(npm_key "$t").node"
        # The SQL extensions go into the platform package beside the addon (sqlitePath()).
        sql_build "$t"
        mkdir -p "$work/npm/addons/$(npm_key "$t")"
        cp "$work/sql/$t/polyid_sqlite.so" "$work/sql/$t/polyid.duckdb_extension" "$work/npm/addons/$(npm_key "$t")/"
    done
    log "npm: packages"
    node "$root/release/npm-packages.mjs" "$work/npm/addons" "$work/npm/packages"
    log "npm: polyid-wasm"
    make --no-print-directory -C "$root" wasm-build
    rm -rf "$work/npm/packages/polyid-wasm" && cp -r "$root/bindings-wasm/pkg" "$work/npm/packages/polyid-wasm"
    for dir in "$work"/npm/packages/*/; do
        (cd "$dir" && npm pack --silent --pack-destination "$dist/npm" >/dev/null)
    done
    ls -l "$dist/npm"
    log "npm: publint and @arethetypeswrong/cli"
    for pkg in polyid polyid-wasm; do
        (cd "$work/npm/packages/$pkg" && "$root/release/node_modules/.bin/publint" --strict)
    done
    "$root/release/node_modules/.bin/attw" --profile node16 "$dist/npm/polyid-$version.tgz"
    # polyid-wasm: its .wasm and .sql subpaths are files for bundlers and servers, not modules, and
    # polyid-wasm/web is the ES-module-only browser build (CommonJS takes the main entry).
    "$root/release/node_modules/.bin/attw" --profile node16 "$dist/npm/polyid-wasm-$version.tgz" \
        --exclude-entrypoints ./web ./polyid_wasm_bg.wasm ./polyid_catalog_bg.wasm ./polyid_extuuid_bg.wasm \
        ./polyid--plpgsql.sql
fi

# ---------------------------------------------------------------------------------------------
# C SDK: one tarball per target

# What Rust's std needs from the C library when libpolyid.a is linked statically
# (`cargo rustc -p polyid-c --crate-type staticlib -- --print native-static-libs`).
static_libs() { case $1 in *-gnu) echo "-lgcc_s -lutil -lrt -lpthread -lm -ldl -lc" ;; *) echo "-lc" ;; esac; }

# PostgreSQL's native extension for Debian's PostgreSQL $PG_MAJOR (glibc targets): the static
# library of polyid-postgres for the target and postgres/src/polyid.c, linked by zig against
# the server's headers (postgresql-server-dev-$PG_MAJOR; both architectures are LP64 with the
# same layout, and the glue uses nothing of the headers that differs between them).
PG_MAJOR=15
pg_build() {
    local t=$1 out=$work/pg/$1 zt
    [ -f "$out/polyid.so" ] && return 0
    log "postgres: extension for $t (PostgreSQL $PG_MAJOR)"
    make -s -C "$root" pg-dev-deps
    PROFILE=pg-release zigbuild "$t" "" -p polyid-postgres
    mkdir -p "$out"
    zt=$(zig_target "${t/-unknown/}")
    python3 -m ziglang cc -target "$zt" -O2 -fPIC -fno-strict-aliasing -fwrapv -Wall -Werror -Wno-ignored-attributes \
        -I"$(/usr/lib/postgresql/$PG_MAJOR/bin/pg_config --includedir-server)" \
        -c "$root/postgres/src/polyid.c" -o "$out/polyid.o"
    python3 -m ziglang cc -target "$zt" -shared -s -o "$out/polyid.so" "$out/polyid.o" \
        "$root/target/$t/pg-release/libpolyid_postgres.a" -Wl,--version-script="$root/postgres/exports.map" -Wl,--gc-sections \
        $(static_libs "$t")
}

# libpolyid.a of a target (polyid-c built for it) into $2: the C SDK's and the Go module's.
static_lib() {
    local t=$1 out=$2
    # The archive holds std's objects too; their debug sections are dropped (see README).
    "$llvm_strip" --strip-debug -o "$out" "$root/target/$t/release/libpolyid_c.a"
    # On musl, Rust's std expects the unwinder as a separate library (LLVM libunwind, which
    # musl systems seldom install): the archive carries the one Rust ships for the target.
    case $t in *-musl)
        "$(dirname "$llvm_strip")/llvm-ar" qL "$out" \
            "$(rustc --print sysroot)/lib/rustlib/$t/lib/self-contained/libunwind.a" ;;
    esac
}

if want c; then
    rm -rf "$dist/c" "$work/pg" && mkdir -p "$dist/c"
    for t in "${TARGETS[@]}"; do
        log "c: SDK for $t"
        zigbuild "$t" "$(musl_shared "$t")" -p polyid-c
        name=polyid-c-$version-$t
        sdk=$work/c/$name
        rm -rf "$sdk" && mkdir -p "$sdk/include" "$sdk/lib/pkgconfig" "$sdk/lib/cmake/polyid"
        install -m 644 "$root/bindings-c/include/polyid.h" "$sdk/include/"
        static_lib "$t" "$sdk/lib/libpolyid.a"
        install -m 755 "$root/target/$t/release/libpolyid_c.so" "$sdk/lib/libpolyid.so.$version"
        ln -s "libpolyid.so.$version" "$sdk/lib/libpolyid.so.0"
        ln -s libpolyid.so.0 "$sdk/lib/libpolyid.so"
        for pc in polyid polyid-static; do
            # Relocatable: the prefix is found from the .pc file's own folder.
            sed -e 's|@PREFIX@|${pcfiledir}/../..|' -e "s|@VERSION@|$version|" \
                -e "s|@LIBS_PRIVATE@|$(static_libs "$t")|" "$root/bindings-c/pkgconfig/$pc.pc.in" \
                >"$sdk/lib/pkgconfig/$pc.pc"
        done
        sed -e "s|@VERSION@|$version|g" -e "s|@LIBS_PRIVATE@|$(static_libs "$t")|g" \
            "$root/bindings-c/cmake/polyidConfig.cmake.in" >"$sdk/lib/cmake/polyid/polyidConfig.cmake"
        sed -e "s|@VERSION@|$version|g" "$root/bindings-c/cmake/polyidConfigVersion.cmake.in" \
            >"$sdk/lib/cmake/polyid/polyidConfigVersion.cmake"
        # The SQL engine extensions, where hosts of each engine look for loadable modules.
        sql_build "$t"
        install -m 755 -D "$work/sql/$t/polyid_sqlite.so" "$sdk/lib/sqlite3/polyid_sqlite.so"
        install -m 755 -D "$work/sql/$t/polyid.duckdb_extension" "$sdk/lib/duckdb/polyid.duckdb_extension"
        case $t in *-gnu)
            pg_build "$t"
            install -m 755 -D "$work/pg/$t/polyid.so" "$sdk/lib/postgresql/$PG_MAJOR/polyid.so"
            install -m 644 -D -t "$sdk/share/postgresql/$PG_MAJOR/extension" \
                "$root/postgres/polyid.control" "$root/postgres/polyid--$version.sql" ;;
        esac
        install -m 644 "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$root/bindings-c/README.md" "$sdk/"
        tar -C "$work/c" --owner=0 --group=0 --sort=name -czf "$dist/c/$name.tar.gz" "$name"
    done
    ls -l "$dist/c"
fi

# ---------------------------------------------------------------------------------------------
# CLI: static musl binaries

if want cli; then
    rm -rf "$dist/cli" && mkdir -p "$dist/cli"
    for t in x86_64-unknown-linux-musl aarch64-unknown-linux-musl; do
        log "cli: $t"
        zigbuild "$t" "" -p polyid-cli
        name=polyid-$version-$t
        dir=$work/cli/$name
        rm -rf "$dir" && mkdir -p "$dir"
        install -m 755 "$root/target/$t/release/polyid" "$dir/polyid"
        install -m 644 "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$root/cli/README.md" "$dir/"
        tar -C "$work/cli" --owner=0 --group=0 --sort=name -czf "$dist/cli/$name.tar.gz" "$name"
        file "$dir/polyid" | grep -q "statically linked" || { file "$dir/polyid"; echo "not static"; exit 1; }
    done
    ls -l "$dist/cli"
fi

# ---------------------------------------------------------------------------------------------
# Go: the module as a module zip. Its files are the repository's (git ls-files: what a clone
# has) plus the licenses and lib/, which the repository leaves to `make go-build`. The
# libraries are the glibc ones (Go has no build constraint for musl; see bindings-go/README.md).

go_module=github.com/polyid/polyid/bindings-go
if want go; then
    rm -rf "$dist/go" "$work/go" && mkdir -p "$dist/go"
    mod=$work/go/$go_module@v$version
    mkdir -p "$mod/lib/include"
    git -C "$root/bindings-go" ls-files -z | grep -zv '^\.gitignore$' |
        (cd "$root/bindings-go" && xargs -0 cp --parents -t "$mod")
    install -m 644 "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$mod/"
    install -m 644 "$root/bindings-c/include/polyid.h" "$mod/lib/include/"
    for t in x86_64-unknown-linux-gnu aarch64-unknown-linux-gnu; do
        log "go: libpolyid.a for $t"
        zigbuild "$t" "" -p polyid-c
        case $t in x86_64-*) goarch=amd64 ;; *) goarch=arm64 ;; esac
        mkdir -p "$mod/lib/linux_$goarch"
        static_lib "$t" "$mod/lib/linux_$goarch/libpolyid.a"
    done
    # A module zip: every entry under <module>@v<version>/, regular files only, sorted, with a
    # fixed timestamp so that the same commit gives the same bytes.
    python3 - "$work/go" "$go_module@v$version" "$dist/go/polyid-go-$version.zip" <<'PY'
import os, sys, zipfile
base, prefix, out = sys.argv[1:]
files = sorted(os.path.relpath(os.path.join(d, f), base)
               for d, _, fs in os.walk(os.path.join(base, prefix)) for f in fs)
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    for f in files:
        info = zipfile.ZipInfo(f, date_time=(1980, 1, 1, 0, 0, 0))
        info.external_attr = 0o644 << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        with open(os.path.join(base, f), "rb") as fh:
            z.writestr(info, fh.read())
print(f"{out}: {len(files)} files")
PY
    ls -l "$dist/go"
fi

# ---------------------------------------------------------------------------------------------
# JVM: one jar with the JNI library of each glibc target (io.polyid.Native loads the one of
# the running JVM from META-INF/native/<os>-<arch>/), and the Spark jar compiled against the
# pyspark wheel's Spark; each with its POM, sources jar and javadoc jar.

# One JVM artifact: NAME-<version>.jar (the classes of SRC compiled with the class path CP,
# the licenses, and whatever $work/jvm/NAME/classes holds already), its -sources.jar and its
# -javadoc.jar. LINT: javac's -Xlint groups.
jvm_artifact() {
    local name=$1 module=$2 src=$3 package=$4 cp=$5 lint=$6 w=$work/jvm/$1 files cpargs=()
    [ -z "$cp" ] || cpargs=(-cp "$cp")
    mkdir -p "$w/classes" "$w/sources"
    mapfile -t files < <(cd "$src" && find . -name '*.java' | LC_ALL=C sort)
    (cd "$src" && javac --release 17 -encoding UTF-8 "-Xlint:$lint" -Werror "${cpargs[@]}" -d "$w/classes" "${files[@]}")
    install -m 644 -D -t "$w/classes/META-INF" "$root/LICENSE-MIT" "$root/LICENSE-APACHE"
    printf '%s\n' "Automatic-Module-Name: $module" "Implementation-Title: $name" \
        "Implementation-Version: $version" >"$w/manifest.txt"
    jar --create --file "$dist/jvm/$name-$version.jar" --manifest "$w/manifest.txt" -C "$w/classes" .
    (cd "$src" && cp --parents -t "$w/sources" "${files[@]}")
    install -m 644 -D -t "$w/sources/META-INF" "$root/LICENSE-MIT" "$root/LICENSE-APACHE"
    jar --create --file "$dist/jvm/$name-$version-sources.jar" -C "$w/sources" .
    javadoc -quiet -Xdoclint:all,-missing -d "$w/javadoc" -sourcepath "$src" "${cpargs[@]}" -subpackages "$package"
    jar --create --file "$dist/jvm/$name-$version-javadoc.jar" -C "$w/javadoc" .
}

if want jvm; then
    rm -rf "$dist/jvm" "$work/jvm" && mkdir -p "$dist/jvm"
    make -s -C "$root" jvm-deps
    for t in x86_64-unknown-linux-gnu aarch64-unknown-linux-gnu; do
        log "jvm: libpolyid_jvm.so for $t"
        zigbuild "$t" "" -p polyid-jvm
        install -m 755 -D "$root/target/$t/release/libpolyid_jvm.so" \
            "$work/jvm/polyid/classes/META-INF/native/linux-${t%%-*}/libpolyid_jvm.so"
    done
    log "jvm: javac, jar, POM"
    jvm_artifact polyid io.polyid "$root/bindings-jvm/java/main" io.polyid "" all
    sed -e "s|@VERSION@|$version|g" "$root/bindings-jvm/pom.xml.in" >"$dist/jvm/polyid-$version.pom"
    log "jvm: the Spark jar (io.polyid.spark), compiled against the pyspark wheel's jars"
    make -s -C "$root" spark-deps
    spark_jars=$(ls -d "$root"/target/engines/venv/lib/python3*/site-packages/pyspark/jars | head -n 1)
    spark_version=$(cd "$spark_jars" && ls spark-sql_2.13-*.jar | sed -e 's/^spark-sql_2.13-//' -e 's/\.jar$//')
    jvm_artifact polyid-spark io.polyid.spark "$root/bindings-jvm/spark" io.polyid.spark \
        "$dist/jvm/polyid-$version.jar:$spark_jars/*" all,-path,-processing,-classfile
    sed -e "s|@VERSION@|$version|g" -e "s|@SPARK@|$spark_version|g" "$root/bindings-jvm/spark/pom.xml.in" \
        >"$dist/jvm/polyid-spark-$version.pom"
    ls -l "$dist/jvm"
fi

# ---------------------------------------------------------------------------------------------

(cd "$dist" && find . -type f ! -name SHA256SUMS -printf '%P\n' | LC_ALL=C sort | xargs sha256sum >SHA256SUMS)
log "done: $(wc -l <"$dist/SHA256SUMS") files in dist/ (dist/SHA256SUMS)"

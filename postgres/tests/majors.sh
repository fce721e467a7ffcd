#!/usr/bin/env bash
# The native extension and the pure-SQL tier on newer PostgreSQL majors than the machine's own
# (Debian 12 ships 15): `make pg-majors` (not part of `make test`: each major is a Debian root
# of about 1.7 GB, fetched once into target/pg-majors/).
#
#   postgres/tests/majors.sh [MAJOR...]       (default: 17 18)
#
# Each major comes from the Debian release that ships it (17: trixie, 18: forky), installed
# by debootstrap into target/pg-majors/<release> with its server, its development files, a C
# compiler and python3-psycopg. The extension's C side is built there with PGXS against that
# server's headers and linked with the static library `make pg-build` built on this machine
# (the Rust side does not depend on the major); then, in that root (chroot, its own mount and
# PID namespaces), the same tests as `make pg-test` and `make pg-sql-test`:
# postgres/tests/test_plpgsql.py (native and pure-SQL tiers: every shared vector, errors,
# generators) and postgres/tests/test_native.py (types, operators, indexes, 8 connections of
# generated IDs, hostile input). Ends with "pg-majors: N passed, N failed".
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
work=$root/target/pg-majors
lib=$root/target/pg-release/libpolyid_postgres.a
majors=("$@")
[ ${#majors[@]} -gt 0 ] || majors=(17 18)
passed=0 failed=0
[ -f "$lib" ] || { echo "pg-majors: $lib is missing (make pg-build)"; exit 1; }
command -v debootstrap >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap >/dev/null

release_of() {
    case $1 in
        17) echo trixie ;;
        18) echo forky ;;
        *) echo "pg-majors: no Debian release known for PostgreSQL $1" >&2; return 1 ;;
    esac
}

# Runs a command in the root $r: its own mount namespace with /proc and /dev/shm (the
# server's shared memory) mounted, and its own PID namespace.
in_root() {
    local r=$1
    shift
    unshare --mount --pid --fork sh -c \
        'mount -t proc proc "$0/proc" && mount -t tmpfs tmpfs "$0/dev/shm" && exec chroot "$0" "$@"' "$r" "$@"
}

for major in "${majors[@]}"; do
    release=$(release_of "$major")
    r=$work/$release
    pg=/usr/lib/postgresql/$major/bin
    if ! [ -x "$r$pg/pg_config" ]; then
        echo "==> pg-majors: debootstrap $release (PostgreSQL $major) into ${r#"$root"/}"
        rm -rf "$r" && mkdir -p "$work"
        # forky is Debian's testing release; debootstrap builds it with sid's script.
        debootstrap --variant=minbase \
            --include="postgresql-$major,postgresql-server-dev-$major,gcc,make,libc6-dev,python3,python3-psycopg" \
            "$release" "$r" http://deb.debian.org/debian sid >"$work/$release.log" 2>&1 ||
            { tail -n 20 "$work/$release.log"; exit 1; }
    fi
    echo "==> pg-majors: PostgreSQL $major ($release): PGXS build, then the tests"
    rm -rf "$r/src" && mkdir -p "$r/src/lib" "$r/src/sql/functions" "$r/src/tests"
    cp -r "$root/postgres" "$r/src/postgres"
    cp -r "$root/sql/tests" "$r/src/sql/" && cp -r "$root/sql/functions/src" "$r/src/sql/functions/"
    cp -r "$root/tests/vectors" "$r/src/tests/" && cp "$lib" "$r/src/lib/"
    run() {
        local name=$1
        shift
        if in_root "$r" "$@"; then
            passed=$((passed + 1)) && echo "PASS: PostgreSQL $major: $name"
        else
            failed=$((failed + 1)) && echo "FAIL: PostgreSQL $major: $name"
        fi
    }
    make_args=(-s -C /src/postgres "PG_CONFIG=$pg/pg_config" POLYID_PG_LIB=/src/lib/libpolyid_postgres.a)
    run "the extension builds and installs with PGXS" \
        sh -c "make ${make_args[*]} clean && make ${make_args[*]} && make ${make_args[*]} install"
    run "native tier: shared vectors, errors, generators (test_plpgsql.py)" \
        env POLYID_PG_BIN="$pg" POLYID_PG_ENGINE=native python3 -B -m unittest -q /src/postgres/tests/test_plpgsql.py
    run "native types, operators, indexes, concurrent generators, hostile input (test_native.py)" \
        env POLYID_PG_BIN="$pg" python3 -B -m unittest -q /src/postgres/tests/test_native.py
    run "pure-SQL tier: shared vectors, errors, generators (test_plpgsql.py)" \
        env POLYID_PG_BIN="$pg" POLYID_PG_ENGINE=server python3 -B -m unittest -q /src/postgres/tests/test_plpgsql.py
done
echo "pg-majors: $passed passed, $failed failed"
[ "$failed" = 0 ]

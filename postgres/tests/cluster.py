"""A throwaway PostgreSQL cluster under target/, for the tests, the bench and the matrix.

    with Cluster() as pg:           # initdb (once) and pg_ctl start; stopped on exit
        pg.dsn                      # "host=... port=... user=postgres dbname=postgres"
        pg.psql("SELECT 1")         # psql's output, for one-off commands

The server refuses to run as root, so initdb and pg_ctl run as the `postgres` user
(`runuser -u postgres --` when this process is root); the data folder and the socket folder
are under target/pg/ (made traversable by that user), the server listens on 127.0.0.1 at a
free port and on the socket. Whoever starts the cluster stops it, on error too (the context
manager, and `python3 cluster.py run -- COMMAND` for a shell command), and when the process is
told to end (SIGTERM, as a CI timeout or `kill` sends, ends it as Ctrl-C does: through the
context's exit).

The binaries are Debian's (`postgresql-15`, `make pg-deps`); POLYID_PG_BIN names another
folder of initdb/pg_ctl (for a newer major).
"""

import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TARGET = os.path.join(ROOT, "target", "pg")
# psycopg, installed by `make pg-deps` (pip --target), when not importable already.
PY_DEPS = os.path.join(TARGET, "py")
PLPGSQL_FILE = os.path.join(ROOT, "postgres", "polyid--plpgsql.sql")
USER = "postgres"


def pg_bin(major=15):
    env = os.environ.get("POLYID_PG_BIN")
    if env:
        return env
    path = f"/usr/lib/postgresql/{major}/bin"
    if os.path.exists(os.path.join(path, "pg_ctl")):
        return path
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    if not found:
        raise RuntimeError("no PostgreSQL server found: run `make pg-deps` (apt postgresql-15)")
    return os.path.dirname(found[-1])


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def import_psycopg():
    if PY_DEPS not in sys.path and os.path.isdir(PY_DEPS):
        sys.path.insert(0, PY_DEPS)
    import psycopg  # noqa: PLC0415
    return psycopg


class Cluster:
    """One cluster in `TARGET/<name>`: created on first use, started on enter, stopped on exit.
    `settings` are server settings for this start (e.g. {"shared_preload_libraries": ...})."""

    def __init__(self, name="cluster", port=None, settings=None):
        self.bin = pg_bin()
        self.data = os.path.join(TARGET, name, "data")
        self.sock = os.path.join(TARGET, name, "sock")
        self.log = os.path.join(TARGET, name, "server.log")
        self.port = port or free_port()
        self.settings = dict(settings or {})
        self.started = False

    def _as_postgres(self, tool, *args, check=True):
        cmd = (["runuser", "-u", USER, "--"] if os.geteuid() == 0 else []) + [
            os.path.join(self.bin, tool), *args]
        proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if check and proc.returncode != 0:
            log = ""
            if os.path.exists(self.log):
                with open(self.log, encoding="utf-8", errors="replace") as f:
                    log = f.read()[-2000:]
            raise RuntimeError(f"{tool} {' '.join(args)} exited {proc.returncode}: "
                               f"{proc.stderr[-2000:]}\n{log}")
        return proc

    def _prepare(self):
        folder = os.path.dirname(self.data)
        os.makedirs(self.sock, exist_ok=True)
        if os.geteuid() == 0:
            pw = pwd.getpwnam(USER)
            # The server user must reach its folders: every folder from / down to target/pg.
            path = TARGET
            while path != "/":
                os.chmod(path, os.stat(path).st_mode | 0o011)
                path = os.path.dirname(path)
            for d in (folder, self.sock):
                os.chown(d, pw.pw_uid, pw.pw_gid)
        if not os.path.exists(os.path.join(self.data, "PG_VERSION")):
            if os.path.exists(self.data):
                shutil.rmtree(self.data)
            self._as_postgres("initdb", "-D", self.data, "-U", USER, "-E", "UTF8",
                              "--locale=C.UTF-8", "-A", "trust", "--no-sync")

    def start(self):
        self._prepare()
        settings = {"listen_addresses": "127.0.0.1", "port": self.port,
                    "unix_socket_directories": self.sock, "fsync": "off",
                    "synchronous_commit": "off", "full_page_writes": "off", **self.settings}
        opts = " ".join(f"-c {k}={v}" for k, v in settings.items())
        # A server left running by a killed run of this script is stopped first.
        if os.path.exists(os.path.join(self.data, "postmaster.pid")):
            self._as_postgres("pg_ctl", "-D", self.data, "-m", "immediate", "stop", check=False)
        # By default SIGTERM ends Python at once, skipping every `finally` and `__exit__`, and
        # the server would run on. A process that has not chosen its own handling ends by
        # SystemExit instead, which passes through them; set before the server starts, so that
        # a SIGTERM while it starts stops it too (below).
        if (threading.current_thread() is threading.main_thread()
                and signal.getsignal(signal.SIGTERM) == signal.SIG_DFL):
            signal.signal(signal.SIGTERM, _exit_on_sigterm)
        try:
            self._as_postgres("pg_ctl", "-D", self.data, "-l", self.log, "-o", opts, "-w", "start")
            self.started = True
        except BaseException:
            # Interrupted or failed while starting: a postmaster may be up without us knowing.
            self._as_postgres("pg_ctl", "-D", self.data, "-m", "immediate", "stop", check=False)
            raise
        return self

    def stop(self):
        if self.started:
            self._as_postgres("pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop")
            self.started = False

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    @property
    def dsn(self):
        return f"host=127.0.0.1 port={self.port} user={USER} dbname=postgres"

    @property
    def env(self):
        """Environment for libpq clients (psql, psycopg) to reach this cluster."""
        return {"PGHOST": "127.0.0.1", "PGPORT": str(self.port), "PGUSER": USER,
                "PGDATABASE": "postgres"}

    def psql(self, *args, sql=None):
        cmd = [os.path.join(self.bin, "psql"), "-X", "-q", "-v", "ON_ERROR_STOP=1", *args]
        if sql is not None:
            cmd += ["-c", sql]
        env = dict(os.environ, **self.env)
        proc = subprocess.run(cmd, check=False, capture_output=True, text=True, env=env)
        if proc.returncode != 0:
            raise RuntimeError(f"psql {' '.join(args)} exited {proc.returncode}: {proc.stderr[-2000:]}")
        return proc.stdout

    def connect(self, **kw):
        return import_psycopg().connect(self.dsn, autocommit=True, **kw)


def _exit_on_sigterm(signum, frame):
    sys.exit(128 + signum)


def main():
    """`cluster.py run [--name N] -- COMMAND...`: COMMAND with PG* variables set for a cluster
    started for it and stopped after it, whatever its exit status."""
    args = sys.argv[1:]
    if not args or args[0] != "run" or "--" not in args:
        sys.exit(__doc__)
    name = args[args.index("--name") + 1] if "--name" in args else "cluster"
    cmd = args[args.index("--") + 1:]
    with Cluster(name) as pg:
        env = dict(os.environ, **pg.env)
        rc = subprocess.run(cmd, env=env, check=False).returncode
    sys.exit(rc)


if __name__ == "__main__":
    main()

"""A KataGo GTP engine driven line by line, for the fixture scripts."""

import os
import subprocess
import tempfile


class Kata:
    def __init__(self, argv):
        # KataGo writes its logs under the working directory: a scratch one,
        # so relative paths among the arguments are made absolute first.
        argv = [os.path.abspath(a) if os.path.exists(a) else a for a in argv]
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1,
                                  cwd=tempfile.mkdtemp(prefix="nn-fixtures-"))

    def cmd(self, line):
        """Sends one command; returns (success, the reply's lines)."""
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        out = []
        while True:
            l = self.p.stdout.readline()
            if l == "":
                raise RuntimeError("KataGo exited on: " + line)
            if l.strip() == "" and out:
                break
            if l.strip() == "" and not out:
                continue
            out.append(l.rstrip("\n"))
        head = out[0]
        ok = head.startswith("=")
        out[0] = head[1:].strip()
        return ok, out

    def must(self, line):
        ok, out = self.cmd(line)
        if not ok:
            raise RuntimeError("%s: %s" % (line, out))
        return out

    def close(self):
        self.cmd("quit")
        self.p.wait()

#!/usr/bin/env python3
"""Runs board/build.sh with stand-in Quartus tools (Quartus is not installed
here) and checks what it asks of them and where it writes:

  - the real board/soc_system.tcl, run by a qsys-script stand-in after the
    --cmd text build.sh gives, loads the GHRD and saves the system where
    qsys-generate then looks for it;
  - the tools run in Intel's order (qsys-script, qsys-generate, quartus_map,
    quartus_cdb --merge, quartus_sta -t on the generated *_pin_assignments.tcl,
    quartus_sh --flow compile, quartus_cpf -c) with the arguments their
    documentation gives: the script is board/soc_system.tcl, the search path
    holds the copied components, the GHRD reaches soc_system.tcl, the device
    is tabletop.qsf's, the project is tabletop.qpf's revision, the .sof
    becomes the build folder's soc_system.rbf (compressed unless asked);
  - the copied sources keep their relative paths: every file a component's
    fileset names exists from the copied board/*_hw.tcl, SOUND_DIR
    (../rtl/go_peripheral/sounds) exists from the Quartus project folder,
    and the .qsf's QIP_FILE is where qsys-generate was told to write;
  - it writes only inside the build folder it makes: nothing else appears
    in the folder it runs from, nothing in the repository changes; a folder
    it did not make is refused and left as it was;
  - a missing tool or GHRD gives one clear line and makes nothing.

usage: build_script_test.py SOURCE_DIR
"""
import os
import re
import stat
import subprocess
import sys
import tempfile

STUB = r'''#!/usr/bin/env python3
import os, sys
name = os.path.basename(sys.argv[0])
with open(os.environ["STUB_LOG"], "a") as f:
    f.write("\x1f".join([name, os.getcwd()] + sys.argv[1:]) + "\n")
args = sys.argv[1:]
if name == "qsys-script":
    # The real board/soc_system.tcl under the qsys-script recorder, after the
    # --cmd text, as qsys-script runs them: the GHRD and the output path must
    # reach the script through --cmd.
    import subprocess
    script = [a for a in args if a.startswith("--script=")][0][len("--script="):]
    cmd = [a for a in args if a.startswith("--cmd=")][0][len("--cmd="):]
    driver = "source {%s}\n%s\nsource {%s}\n" % (os.environ["STUB_RECORDER"], cmd, script)
    r = subprocess.run(["tclsh"], input=driver, capture_output=True, text=True)
    if r.returncode:
        sys.stderr.write(r.stderr)
        sys.exit(1)
    for line in r.stdout.splitlines():
        f = line.split("\t")
        if f[0] in ("load_system", "save_system"):
            with open(os.environ["STUB_LOG"] + ".qsys", "a") as g:
                g.write("%s %s\n" % (f[0], f[1]))
        if f[0] == "save_system":
            open(f[1], "w").write("<system/>\n")
elif name == "qsys-generate":
    out = [a for a in args if a.startswith("--output-directory=")][0].split("=", 1)[1]
    os.makedirs(os.path.join(out, "synthesis", "submodules"))
    open(os.path.join(out, "synthesis", "soc_system.qip"), "w").write("")
    open(os.path.join(out, "synthesis", "submodules", "hps_sdram_p0_pin_assignments.tcl"), "w").write("")
elif name == "quartus_sh":
    os.makedirs("output_files", exist_ok=True)
    open(os.path.join("output_files", "tabletop.sof"), "w").write("sof")
elif name == "quartus_cpf":
    open(args[-1], "w").write("rbf")
'''

TOOLS = ["qsys-script", "qsys-generate", "quartus_map", "quartus_cdb", "quartus_sta",
         "quartus_sh", "quartus_cpf"]

FAILS = []


def fail(msg):
    FAILS.append(msg)
    print("FAIL: " + msg)


def make_stubs(folder, tools):
    os.makedirs(folder)
    for t in tools:
        p = os.path.join(folder, t)
        open(p, "w").write(STUB)
        os.chmod(p, os.stat(p).st_mode | stat.S_IXUSR)


def snapshot(root):
    """{path: (size, mtime)} of every file under root."""
    out = {}
    for d, _, files in os.walk(root):
        for f in files:
            p = os.path.join(d, f)
            st = os.stat(p)
            out[p] = (st.st_size, st.st_mtime_ns)
    return out


def run(src, cwd, stubs, log, args):
    env = {"PATH": "%s:/usr/bin:/bin" % stubs, "STUB_LOG": log, "HOME": cwd,
           "STUB_RECORDER": os.path.join(os.path.dirname(stubs), "recorder.tcl")}
    return subprocess.run(["bash", os.path.join(src, "board", "build.sh")] + args, cwd=cwd,
                          env=env, capture_output=True, text=True)


def main():
    src = os.path.abspath(sys.argv[1])
    qsf = open(os.path.join(src, "board", "tabletop.qsf")).read()
    device = re.search(r"set_global_assignment -name DEVICE (\S+)", qsf).group(1)
    qip = re.search(r"set_global_assignment -name QIP_FILE (\S+)", qsf).group(1)
    revision = re.search(r'PROJECT_REVISION = "(\w+)"',
                         open(os.path.join(src, "board", "tabletop.qpf")).read()).group(1)
    before = {**snapshot(os.path.join(src, "board")), **snapshot(os.path.join(src, "rtl"))}
    with tempfile.TemporaryDirectory() as tmp:
        stubs, work, log = os.path.join(tmp, "bin"), os.path.join(tmp, "work"), os.path.join(tmp, "log")
        make_stubs(stubs, TOOLS)
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        sys.dont_write_bytecode = True
        from check_soc_system import TCL_RECORDER
        open(os.path.join(tmp, "recorder.tcl"), "w").write(TCL_RECORDER)
        os.makedirs(work)
        ghrd = os.path.join(tmp, "DE1-SoC CD", "DE1_SoC_GHRD", "soc_system.qsys")  # a space, as CD folders have
        os.makedirs(os.path.dirname(ghrd))
        open(ghrd, "w").write("<system/>\n")

        r = run(src, work, stubs, log, ["--ghrd", ghrd])
        out = os.path.join(work, "build-fpga")
        if r.returncode:
            fail("build.sh failed with stand-in tools: %s" % r.stderr.strip())
        calls = [line.split("\x1f") for line in open(log).read().splitlines()] if os.path.exists(log) else []
        names = [c[0] for c in calls]
        want = ["qsys-script", "qsys-generate", "quartus_map", "quartus_cdb", "quartus_sta",
                "quartus_sh", "quartus_cpf"]
        if names != want:
            fail("tools ran as %s, not %s" % (names, want))
        else:
            qs, qg, qm, qc, qsta, qsh, cpf = [c[2:] for c in calls]
            cwds = {c[0]: c[1] for c in calls}
            if "--script=" + os.path.join(src, "board", "soc_system.tcl") not in qs:
                fail("qsys-script does not run board/soc_system.tcl: %s" % qs)
            search = "--search-path=%s/ip/**/*,$" % out
            if search not in qs or search not in qg:
                fail("the search path is not the copied components plus the default: %s %s" % (qs, qg))
            if not any(a.startswith("--cmd=") and "set ghrd_qsys {%s}" % ghrd in a for a in qs):
                fail("the GHRD does not reach soc_system.tcl: %s" % qs)
            for a in ("--synthesis=VERILOG", "--family=Cyclone V", "--part=" + device,
                      "--output-directory=%s/board/soc_system" % out):
                if a not in qg:
                    fail("qsys-generate lacks %s: %s" % (a, qg))
            if qg[0] != os.path.join(out, "board", "soc_system.qsys"):
                fail("qsys-generate does not generate the system qsys-script wrote: %s" % qg[0])
            board = os.path.join(out, "board")
            for tool, args, expect in (("quartus_map", qm, [revision]),
                                       ("quartus_cdb", qc, ["--merge", revision]),
                                       ("quartus_sta", qsta, ["-t", "soc_system/synthesis/submodules/hps_sdram_p0_pin_assignments.tcl", revision]),
                                       ("quartus_sh", qsh, ["--flow", "compile", revision])):
                if args != expect or cwds[tool] != board:
                    fail("%s ran as %s in %s, not %s in %s" % (tool, args, cwds[tool], expect, board))
            if cpf != ["-c", "-o", "bitstream_compression=on", "output_files/%s.sof" % revision,
                       os.path.join(out, "soc_system.rbf")]:
                fail("quartus_cpf ran as %s" % cpf)
        qsys_log = log + ".qsys"
        got = open(qsys_log).read().split("\n") if os.path.exists(qsys_log) else []
        want_q = ["load_system " + ghrd, "save_system " + os.path.join(out, "board", "soc_system.qsys")]
        if got[:2] != want_q:
            fail("soc_system.tcl under the qsys-script stand-in: %s, not %s" % (got, want_q))
        if not os.path.isfile(os.path.join(out, "soc_system.rbf")):
            fail("no soc_system.rbf in the build folder")
        if os.listdir(work) != ["build-fpga"]:
            fail("build.sh wrote outside its build folder: %s" % os.listdir(work))
        # The copies keep the relative paths the components and the project use.
        ipdir = os.path.join(out, "ip")
        hw = sorted(f for f in os.listdir(os.path.join(src, "board")) if f.endswith("_hw.tcl"))
        if sorted(os.listdir(ipdir)) != hw:
            fail("the copied components %s are not board/'s %s" % (sorted(os.listdir(ipdir)), hw))
        for f in hw:
            for path in re.findall(r"^add_fileset_file\s+\S+\s+\S+\s+PATH\s+(\S+)",
                                   open(os.path.join(ipdir, f)).read(), re.M):
                if not os.path.exists(os.path.join(ipdir, path)):
                    fail("%s names %s, missing from the build folder" % (f, path))
        if not os.path.isdir(os.path.join(out, "board", "..", "rtl", "go_peripheral", "sounds")):
            fail("SOUND_DIR ../rtl/go_peripheral/sounds does not exist from the project folder")
        if not os.path.isfile(os.path.join(out, "board", qip)):
            fail("tabletop.qsf's QIP_FILE %s is not where qsys-generate wrote" % qip)

        # Again into the same folder: it made it, so it may reuse it.
        open(log, "w").close()
        r = run(src, work, stubs, log, ["--ghrd", ghrd, "--uncompressed"])
        if r.returncode:
            fail("a second build into its own folder failed: %s" % r.stderr.strip())
        elif "bitstream_compression=off" not in open(log).read():
            fail("--uncompressed does not reach quartus_cpf")

        # A folder it did not make is refused and left alone.
        other = os.path.join(work, "mine")
        os.makedirs(other)
        open(os.path.join(other, "keep.txt"), "w").write("keep")
        open(log, "w").close()
        r = run(src, work, stubs, log, ["--ghrd", ghrd, "--out", other])
        if r.returncode == 0 or "was not made by board/build.sh" not in r.stderr \
                or os.listdir(other) != ["keep.txt"] or open(log).read():
            fail("a foreign --out folder was not refused cleanly: rc %d, %s, %s"
                 % (r.returncode, r.stderr.strip(), os.listdir(other)))

        # A missing tool or GHRD: one line, nothing made, no tool run.
        for missing in ("quartus_cpf", "qsys-script"):
            part = os.path.join(tmp, "bin-" + missing)
            make_stubs(part, [t for t in TOOLS if t != missing])
            fresh = os.path.join(tmp, "fresh-" + missing)
            os.makedirs(fresh)
            open(log, "w").close()
            r = run(src, fresh, part, log, ["--ghrd", ghrd])
            msg = r.stderr.strip()
            if r.returncode == 0 or not msg.startswith("build.sh: %s not found" % missing) \
                    or "\n" in msg or os.listdir(fresh) or open(log).read():
                fail("missing %s: rc %d, %r, made %s" % (missing, r.returncode, msg, os.listdir(fresh)))
            else:
                print("missing tool: " + msg)
        for args, needle in (([], "no GHRD given"),
                             (["--ghrd", os.path.join(tmp, "absent.qsys")], "not found")):
            fresh = os.path.join(tmp, "fresh-ghrd-%d" % len(args))
            os.makedirs(fresh)
            r = run(src, fresh, stubs, log, args)
            if r.returncode == 0 or needle not in r.stderr or os.listdir(fresh):
                fail("GHRD %s: rc %d, %r" % (args, r.returncode, r.stderr.strip()))
            else:
                print("missing GHRD: " + r.stderr.strip().splitlines()[0][:100])
    after = {**snapshot(os.path.join(src, "board")), **snapshot(os.path.join(src, "rtl"))}
    if before != after:
        fail("build.sh changed the repository: %s"
             % sorted(set(before.items()) ^ set(after.items()))[:5])
    print("%d problems" % len(FAILS))
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())

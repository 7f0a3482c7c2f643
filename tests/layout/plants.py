"""The catch test every source rule of tests/layout/ has: a clean scratch
copy of the tree passes, and each planted line, appended to its file one at
a time, is caught on its own line.  Prints TAP; returns the failures.

    failures = self_test(root, tops, plants, violations, caught_by)
      tops        the top folders copied into the scratch copy
      plants      (rule, file, line) triples
      violations  violations(scratch) -> everything the rules find there
      caught_by   caught_by(scratch, rule, target, lineno, line) -> the findings
                  that name the planted line (empty: it passed)
"""
import os
import shutil
import tempfile


def self_test(root, tops, plants, violations, caught_by):
    print(f"1..{len(plants) + 1}")
    failures = 0
    with tempfile.TemporaryDirectory(prefix="tabletop-layout-") as scratch:
        for top in tops:
            shutil.copytree(os.path.join(root, top), os.path.join(scratch, top))
        clean = violations(scratch)
        print(("ok" if not clean else "not ok") + " 1 - the clean copy passes")
        failures += bool(clean)
        for i, (rule, target, line) in enumerate(plants, 2):
            path = os.path.join(scratch, target)
            with open(path, encoding="utf-8") as f:
                before = f.read()
            with open(path, "a", encoding="utf-8") as f:
                f.write("\n" + line + "\n")
            # The planted line itself, not an older line of the same kind.
            lineno = before.count("\n") + 2
            caught = caught_by(scratch, rule, target, lineno, line)
            with open(path, "w", encoding="utf-8") as f:
                f.write(before)
            if caught:
                print(f"ok {i} - planted '{line}' in {target} is caught: {caught[0]}")
            else:
                failures += 1
                print(f"not ok {i} - planted '{line}' in {target} passed the {rule} rule")
    return failures

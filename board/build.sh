#!/usr/bin/env bash
# build.sh - builds the DE1-SoC FPGA image where Quartus Prime Lite 18.1 and
# the Intel FPGA University Program IP are installed (docs/board.md):
#
#   1. qsys-script runs board/soc_system.tcl: soc_system.qsys, with the HPS
#      settings of Terasic's DE1-SoC GHRD;
#   2. qsys-generate writes its HDL (soc_system/synthesis/soc_system.qip);
#   3. quartus_map and quartus_cdb --merge, then the HPS DDR3 pin
#      assignments the generated system brings
#      (soc_system/synthesis/submodules/*_pin_assignments.tcl, run by
#      quartus_sta -t: the sequence of Intel's Cyclone V GHRD Makefile), then
#      quartus_sh --flow compile: output_files/tabletop.sof;
#   4. quartus_cpf converts the .sof into soc_system.rbf, the file the SD card
#      images' u-boot loads into the FPGA.
#
# usage: board/build.sh --ghrd FILE [--out DIR] [--uncompressed]
#   --ghrd FILE     soc_system.qsys of Terasic's DE1-SoC GHRD (DE1-SoC System
#                   CD, Demonstrations/SOC_FPGA/DE1_SoC_GHRD/soc_system.qsys);
#                   or set TABLETOP_GHRD_QSYS
#   --out DIR       the build folder (default: build-fpga in the current
#                   folder); made by this script, and everything it writes
#                   goes inside it.  An existing folder is reused only if
#                   this script made it.
#   --uncompressed  an uncompressed .rbf (default: compressed, as Intel's
#                   GHRD Makefile makes it for MSEL set to FPPx32 with
#                   compression; the DE1-SoC's SW10 ships that way)
# The tools are looked up on PATH, and in $QUARTUS_ROOTDIR/bin and
# $QUARTUS_ROOTDIR/sopc_builder/bin when QUARTUS_ROOTDIR is set.
#
# Not run here: Quartus is not installed on the project's machines.
# tests/board/build_script_test.py runs it with stand-in tools.
set -euo pipefail

die() { echo "build.sh: $*" >&2; exit 1; }

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/.." && pwd)
ghrd=${TABLETOP_GHRD_QSYS:-}
out=build-fpga
compression=on

while [ $# -gt 0 ]; do
    case "$1" in
        --ghrd) [ $# -ge 2 ] || die "--ghrd needs a file"; ghrd=$2; shift 2 ;;
        --out) [ $# -ge 2 ] || die "--out needs a folder"; out=$2; shift 2 ;;
        --uncompressed) compression=off; shift ;;
        -h|--help) sed -n '2,31p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument '$1' (usage: board/build.sh --ghrd FILE [--out DIR] [--uncompressed])" ;;
    esac
done

[ -n "$ghrd" ] || die "no GHRD given: pass --ghrd FILE (or set TABLETOP_GHRD_QSYS), FILE being the soc_system.qsys of Terasic's DE1-SoC GHRD (DE1-SoC System CD, Demonstrations/SOC_FPGA/DE1_SoC_GHRD/)"
[ -f "$ghrd" ] || die "GHRD system file not found: $ghrd"
ghrd=$(cd "$(dirname "$ghrd")" && pwd)/$(basename "$ghrd")

if [ -n "${QUARTUS_ROOTDIR:-}" ]; then
    PATH="$QUARTUS_ROOTDIR/bin:$QUARTUS_ROOTDIR/sopc_builder/bin:$PATH"
fi
for tool in qsys-script qsys-generate quartus_map quartus_cdb quartus_sta quartus_sh quartus_cpf; do
    if ! command -v "$tool" > /dev/null 2>&1; then
        case "$tool" in
            qsys-*) where='sopc_builder/bin' ;;
            *) where='bin' ;;
        esac
        die "$tool not found: install Quartus Prime Lite 18.1 (with Cyclone V support) and put its $where folder on PATH, or set QUARTUS_ROOTDIR to its quartus folder"
    fi
done

# The build folder: made here, or made here before (its marker file).
marker=.tabletop-fpga-build
if [ -e "$out" ]; then
    [ -d "$out" ] && [ -f "$out/$marker" ] || die "$out exists and was not made by board/build.sh: choose another --out"
else
    mkdir -p "$out"
    : > "$out/$marker"
fi
out=$(cd "$out" && pwd)
case "$out/" in
    "$repo/board/"*|"$repo/rtl/"*) die "--out must not be inside board/ or rtl/: they are the sources it copies" ;;
esac

# The sources, copied so that the relative paths hold: the components find
# their RTL in ../rtl, the Quartus project (board/) finds it and the sounds
# in ../rtl as well.
rm -rf "$out/ip" "$out/rtl"
mkdir -p "$out/ip" "$out/board"
cp "$repo"/board/*_hw.tcl "$out/ip/"
cp -R "$repo/rtl" "$out/rtl"
cp "$repo/board/de1_soc_top.sv" "$repo/board/tabletop.qpf" "$repo/board/tabletop.qsf" \
   "$repo/board/tabletop.sdc" "$out/board/"
search="$out/ip/**/*,\$"

echo "build.sh: 1/4 soc_system.qsys (qsys-script board/soc_system.tcl)"
cd "$out/board"
qsys-script --script="$repo/board/soc_system.tcl" --search-path="$search" \
    --cmd="set ghrd_qsys {$ghrd}; set out_qsys {$out/board/soc_system.qsys}"
[ -f "$out/board/soc_system.qsys" ] || die "qsys-script wrote no $out/board/soc_system.qsys"

echo "build.sh: 2/4 the system's HDL (qsys-generate)"
rm -rf "$out/board/soc_system"
qsys-generate "$out/board/soc_system.qsys" --synthesis=VERILOG \
    --output-directory="$out/board/soc_system" --search-path="$search" \
    --family="Cyclone V" --part=5CSEMA5F31C6
[ -f "$out/board/soc_system/synthesis/soc_system.qip" ] || die "qsys-generate wrote no soc_system/synthesis/soc_system.qip"

echo "build.sh: 3/4 compile (quartus_map, quartus_cdb --merge, HPS pin assignments, quartus_sh --flow compile)"
quartus_map tabletop
quartus_cdb --merge tabletop
found=0
for tcl in soc_system/synthesis/submodules/*_pin_assignments.tcl; do
    [ -f "$tcl" ] || continue
    quartus_sta -t "$tcl" tabletop
    found=1
done
[ "$found" = 1 ] || die "no soc_system/synthesis/submodules/*_pin_assignments.tcl: the HPS DDR3 pins would have no I/O standards"
quartus_sh --flow compile tabletop
[ -f output_files/tabletop.sof ] || die "the compilation wrote no output_files/tabletop.sof"

echo "build.sh: 4/4 soc_system.rbf (quartus_cpf, compression $compression)"
quartus_cpf -c -o bitstream_compression=$compression output_files/tabletop.sof "$out/soc_system.rbf"
[ -f "$out/soc_system.rbf" ] || die "quartus_cpf wrote no $out/soc_system.rbf"

cat <<EOF
build.sh: done.
  $out/soc_system.rbf      the FPGA image: copy it onto the SD card's FAT partition
                           under the name the image loads (soc_system.rbf on Terasic's)
  $out/board/output_files/tabletop.sof   the same image for JTAG (Quartus Programmer)
EOF

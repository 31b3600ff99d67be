#!/usr/bin/env python3
"""Per-table figures of a `tb generate --pieces N` log (its progress lines) as a Markdown table, plus totals.

Usage: scripts/tb-build-summary.py BUILD_LOG   (only the five-piece tables are listed)"""
import re, sys
rx = re.compile(r'^(K\w+v\w+): (\d+) positions, longest mate (\d+)/(\d+) plies \(wtm/btm\), longest dtz (\d+)/(\d+), '
                r'([\d.]+) s \([^)]*cpu ([\d.]+) s\), peak heap (\d+) MiB, compressed to ([\d,]+) bytes in ([\d.]+) s')
slots = {}
rows = {}
for line in open(sys.argv[1] if len(sys.argv) > 1 else '/dev/stdin'):
    m = re.match(r'^(K\w+v\w+): (\d+) slots in', line)
    if m: slots[m.group(1)] = int(m.group(2))
    m = rx.match(line)
    if m: rows[m.group(1)] = m.groups()
five = {k: v for k, v in rows.items() if sum(c.isupper() for c in k) == 5}
print('| material | slots | positions | longest mate (plies, w/b) | longest DTZ | wall s | CPU s | peak heap MiB | file MB |')
print('| --- | ---: | ---: | --- | --- | ---: | ---: | ---: | ---: |')
tw = tc = tb = ts = 0
for k, g in five.items():
    tw += float(g[6]) + float(g[10]); tc += float(g[7]); tb += int(g[9].replace(',', '')); ts += slots.get(k, 0)
    print(f'| {k} | {slots.get(k,0):,} | {int(g[1]):,} | {g[2]}/{g[3]} | {g[4]}/{g[5]} | {float(g[6]):.0f} | {float(g[7]):.0f} | {g[8]} | {int(g[9].replace(",",""))/1e6:.1f} |')
print(f'\n{len(five)} five-piece tables, {ts/1e9:.2f} G slots, wall {tw/3600:.2f} h, CPU {tc/3600:.2f} h, {tb/1e9:.2f} GB')

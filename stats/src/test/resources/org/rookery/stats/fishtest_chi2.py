# The oracle of WorkerResidualsOracleTest: fishtest's worker chi-square (server/fishtest/util.py,
# get_chi2) restated over SciPy. The table's chi-square and each worker's adjusted value come from
# scipy.stats.chi2_contingency (the worker against all the others collapsed into one row, the
# 2 x 3 table fishtest's comment says its formula equals), the p-value and the normal residuals
# from scipy.stats.chi2 and scipy.stats.norm. Input, one fleet a line: "name w l d;name w l d;...".
# Output, one line a fleet: "chi2 dof p z95 z99 name=residual,..." or "none".
import sys
from scipy.stats import chi2, chi2_contingency, norm

for line in sys.stdin:
    line = line.strip()
    if not line:
        continue
    users = {}
    for cell in line.split(";"):
        name, *counts = cell.split()
        users[name] = [float(c) for c in counts]
    while True:
        if len(users) <= 1:
            break
        cols = [sum(r[j] for r in users.values()) for j in range(3)]
        total = sum(cols)
        if total == 0:
            users = {}
            break
        drop = [k for k, r in users.items() if min(sum(r) * c / total for c in cols) <= 5]
        if not drop:
            break
        for k in drop:
            del users[k]
    if len(users) <= 1:
        print("none")
        continue
    rows = list(users.values())
    stat, p, dof, _ = chi2_contingency(rows, correction=False)
    cols = [sum(r[j] for r in rows) for j in range(3)]
    residuals = []
    for name, r in users.items():
        rest = [cols[j] - r[j] for j in range(3)]
        adj = chi2_contingency([r, rest], correction=False)[0]
        residuals.append("%s=%.17g" % (name, max(0.0, norm.isf(chi2.sf(adj, 2)))))
    z95, z99 = [norm.ppf(1 - q / len(rows)) for q in (0.05, 0.01)]
    print("%.17g %d %.17g %.17g %.17g %s" % (stat, dof, chi2.sf(stat, dof), z95, z99, ",".join(residuals)))

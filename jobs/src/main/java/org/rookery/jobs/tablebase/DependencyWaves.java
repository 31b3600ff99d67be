package org.rookery.jobs.tablebase;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.rookery.endgame.index.Material;

/**
 * The tables to build grouped into waves of the dependency graph: a table's wave is one more than
 * the highest wave of the tables its captures and promotions lead to among those being built, so
 * the tables of one wave read only finished tables and can be generated at the same time.
 */
public final class DependencyWaves {
    private DependencyWaves() {
    }

    /** {@code plan} (tables to build, any order) as waves in build order; each wave sorted by {@link Material} order. */
    public static List<List<Material>> of(List<Material> plan) {
        Map<Material, Integer> level = new HashMap<>();
        List<Material> sorted = new ArrayList<>(plan);
        // Material order puts every child (fewer pieces, or as many with fewer pawns) before its parent.
        sorted.sort(null);
        for (Material m : sorted) {
            int l = 0;
            for (Material c : m.children()) {
                Integer cl = level.get(c);
                if (cl != null) l = Math.max(l, cl + 1);
            }
            level.put(m, l);
        }
        List<List<Material>> waves = new ArrayList<>();
        for (Material m : sorted) {
            int l = level.get(m);
            while (waves.size() <= l) waves.add(new ArrayList<>());
            waves.get(l).add(m);
        }
        return waves;
    }
}

package org.rookery.endgame.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class MaterialTest {
    @Test
    void parsesBothSpellingsAndCanonicalises() {
        assertEquals("KQvKR", Material.parse("KQKR").name());
        assertEquals("KQvKR", Material.parse("krvkq").canonical().name());
        assertFalse(Material.parse("KRvKQ").isCanonical());
        assertTrue(Material.parse("KPvKP").isSymmetric());
        assertThrows(IllegalArgumentException.class, () -> Material.parse("KXvK"));
        assertThrows(IllegalArgumentException.class, () -> Material.parse("QvK"));
    }

    @Test
    void countsMaterialsPerPieceCount() {
        assertEquals(1 + 5, Material.upTo(3).size());
        assertEquals(1 + 5 + 30, Material.upTo(4).size());
        // 5 pieces: 3 extra pieces from 10 kinds = C(12,3) = 220 multisets, minus colour-swapped duplicates
        assertEquals(36 + 110, Material.upTo(5).size());
    }

    @Test
    void childrenCoverCapturesAndPromotions() {
        java.util.Set<String> got = new java.util.TreeSet<>();
        for (Material m : Material.parse("KPvKR").children()) got.add(m.name());
        assertEquals(new java.util.TreeSet<>(List.of("KPvK", "KRvK", "KQvKR", "KRvKR", "KRvKB", "KRvKN", "KQvK", "KBvK", "KNvK")), got);
        List<Material> order = Material.withDependencies(List.of(Material.parse("KQvKP")));
        assertTrue(order.indexOf(Material.parse("KQvKQ")) < order.indexOf(Material.parse("KQvKP")), "children come first: " + order);
    }
}

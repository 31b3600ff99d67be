package org.rookery.dashboards.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rookery.contract.dimensions.GameYear;
import org.rookery.contract.dimensions.RatingBand;
import org.rookery.contract.dimensions.TimeControlClass;
import org.rookery.core.clock.SpeedClass;

/** The SQL dimension rules give the analyze jobs' values for the usual PGN tags. */
class GameDimensionsTest {

    private static String eval(String expression, String timeControl, Integer white, Integer black, String date)
            throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                PreparedStatement ps = c.prepareStatement("SELECT " + expression
                        + " FROM (SELECT CAST(? AS VARCHAR) AS time_control, CAST(? AS INTEGER) AS white_elo, "
                        + "CAST(? AS INTEGER) AS black_elo, CAST(? AS VARCHAR) AS date)")) {
            ps.setObject(1, timeControl);
            ps.setObject(2, white);
            ps.setObject(3, black);
            ps.setObject(4, date);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        }
    }

    @Test
    void timeControlClasses() throws Exception {
        String[][] cases = {
            {"15", "ultrabullet"}, {"60+0", "bullet"}, {"120+1", "bullet"}, {"180+2", "blitz"}, {"300", "blitz"},
            {"600+5", "rapid"}, {"900+10", "rapid"}, {"1800", "classical"}, {"5400+30", "classical"},
            {"40/7200:3600", "classical"}, {"40/300", "blitz"}, {"-", "correspondence"}, {"?", "unknown"},
            {null, "unknown"}, {"10+0.1", "ultrabullet"}, {"garbage", "unknown"}, {"60:120", "bullet"},
        };
        for (String[] c : cases) {
            assertEquals(c[1], eval(TimeControlClass.SQL, c[0], null, null, null), "TimeControl " + c[0]);
        }
    }

    /**
     * The SQL rule against the one Java definition the analyze jobs use ({@link SpeedClass}), over
     * PGN tag shapes, boundaries and malformed tags: the dashboard's breakdown and the jobs' tables
     * must put every game in the same class.
     */
    @Test
    void sqlAgreesWithTheJobsDefinition() throws Exception {
        List<String> tags = new ArrayList<>(List.of("-", "?", "", "  ", "garbage", "+", "60+", "+1", "40/", "/60",
            "0", "0+0", "29", "30", "29+0", "20+0.25", "179", "180", "60+3", "479", "480", "1499", "1500", "1500+0",
            "40/7200:3600", "40/7200+30:20/3600:900", "40/300", "20/60", "40/1199", "1/10", "0/60",
            "300 ", " 300", "300+2.5", "10.5+0.1", "60:120", "60:", "abc+1", "inf", "*60", "*0", "st=1", "1/move", "0.5/move", "st=1/move", "st=", "/move",
            "0+1", "0+0.5", "99999999999/60", "40/0", "5+3:x", "1e3", "-5", "+-1"));
        java.util.Random r = new java.util.Random(1);
        for (int i = 0; i < 200; i++) {
            int base = r.nextInt(4000);
            int inc = r.nextInt(60);
            tags.add(base + (r.nextBoolean() ? "+" + inc : ""));
            tags.add((1 + r.nextInt(60)) + "/" + base + (r.nextBoolean() ? "+" + inc : ""));
        }
        List<String> disagreements = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                PreparedStatement ps = c.prepareStatement("SELECT " + TimeControlClass.SQL
                        + " FROM (SELECT CAST(? AS VARCHAR) AS time_control)")) {
            for (String tag : tags) {
                ps.setObject(1, tag);
                String sql;
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    sql = rs.getString(1);
                }
                String java = SpeedClass.of(tag);
                if (!java.equals(sql)) disagreements.add("'" + tag + "': jobs " + java + ", SQL " + sql);
            }
        }
        assertEquals(List.of(), disagreements);
    }

    @Test
    void ratingBandsAndYears() throws Exception {
        assertEquals("unrated", eval(RatingBand.SQL, null, 1500, null, null));
        assertEquals("<1000", eval(RatingBand.SQL, null, 900, 1000, null));
        assertEquals("1600-1799", eval(RatingBand.SQL, null, 1650, 1710, null));
        assertEquals("1800-1999", eval(RatingBand.SQL, null, 1800, 1811, null));
        assertEquals("2600+", eval(RatingBand.SQL, null, 2700, 2600, null));
        assertEquals("2021", eval(GameYear.SQL, null, null, null, "2021.05.01"));
        assertEquals(null, eval(GameYear.SQL, null, null, null, "????.??.??"));
        assertEquals(null, eval(GameYear.SQL, null, null, null, "0000.01.01"));
    }
}

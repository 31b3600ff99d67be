package org.rookery.dashboards.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import org.junit.jupiter.api.Test;

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
            assertEquals(c[1], eval(GameDimensions.TIME_CONTROL_CLASS, c[0], null, null, null), "TimeControl " + c[0]);
        }
    }

    @Test
    void ratingBandsAndYears() throws Exception {
        assertEquals("unrated", eval(GameDimensions.RATING_BAND, null, 1500, null, null));
        assertEquals("<1000", eval(GameDimensions.RATING_BAND, null, 900, 1000, null));
        assertEquals("1600-1799", eval(GameDimensions.RATING_BAND, null, 1650, 1710, null));
        assertEquals("1800-1999", eval(GameDimensions.RATING_BAND, null, 1800, 1811, null));
        assertEquals("2600+", eval(GameDimensions.RATING_BAND, null, 2700, 2600, null));
        assertEquals("2021", eval(GameDimensions.YEAR, null, null, null, "2021.05.01"));
        assertEquals(null, eval(GameDimensions.YEAR, null, null, null, "????.??.??"));
        assertEquals(null, eval(GameDimensions.YEAR, null, null, null, "0000.01.01"));
    }
}

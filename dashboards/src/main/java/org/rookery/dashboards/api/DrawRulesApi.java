package org.rookery.dashboards.api;

import org.rookery.dashboards.data.DrawRulesTable;
import org.rookery.dashboards.data.Filters;
import org.rookery.dashboards.http.ApiException;
import org.rookery.dashboards.http.Endpoint;
import org.rookery.dashboards.http.Params;

/**
 * {@code GET /api/draw-rules/summary?by=&ratings=&speeds=&since=&until=&sources=&samples=}: how
 * often threefold, fivefold, 50-move and 75-move situations arose, in total and by
 * {@code by} ({@code rating_band}, {@code speed}, {@code year} or {@code source}), the histogram
 * of the maximum halfmove clock, and sample games for each rule.
 */
public final class DrawRulesApi implements Endpoint {
    private final DrawRulesTable table;

    public DrawRulesApi(DrawRulesTable table) {
        this.table = table;
    }

    @Override
    public Object handle(Params p) throws Exception {
        String by = p.get("by", "speed");
        if (!DrawRulesTable.GROUPS.containsKey(by)) {
            throw ApiException.badParameter("by", "must be one of rating_band, speed, year, source");
        }
        Filters f = Filters.drawRules(p);
        int samples = p.intValue("samples", 5, 0, 50);
        return table.summary(f, by, samples);
    }
}

package org.rookery.dashboards.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.rookery.dashboards.fixture.Fixture;
import org.rookery.dashboards.fixture.SpsaRows;

/** Every page in a real browser over the corpus tables, with screenshots under target/screenshots/. */
class PagesBrowserTest {
    private static Browser browser;

    @BeforeAll
    static void start() throws Exception {
        Browser.assumeInstalled();
        browser = Browser.start(Fixture.dashboard().url());
    }

    @AfterAll
    static void stop() throws Exception {
        if (browser != null) browser.close();
    }

    private void assertClean(String page) {
        List<String> severe = browser.severeLogs();
        assertTrue(severe.isEmpty(), page + ": console errors " + severe);
        String text = browser.find("main").getText();
        assertFalse(text.matches("(?s).*\\b(null|undefined|NaN)\\b.*"), page + ": a missing value was printed: " + text);
    }

    @Test
    void everyPageLoadsAndDrawsItsContent() throws Exception {
        browser.open("/matches");
        assertTrue(browser.all("#matches tbody tr").size() >= 2);
        browser.screenshot("matches");
        assertClean("matches");

        browser.open("/matches/m1");
        assertEquals("24 of 80", browser.find("#match-games").getText());
        assertTrue(browser.all("svg.chart path.series").size() >= 2, "LLR and Elo lines drawn");
        assertEquals(24, browser.all("#match-games-list tbody tr").size());
        browser.screenshot("match");
        assertClean("match");

        browser.open("/games/corpus/corpus.pgn%231");
        assertEquals(33, browser.all("#move-list li").size());
        assertEquals(20, browser.all("svg.board text.piece").size(), "pieces after 17.Rd8#");
        browser.find("#prev").click();
        assertEquals("ply 32 / 33", browser.find("#ply-label").getText());
        assertTrue(browser.all("svg.chart").size() >= 2, "clock and eval graphs");
        browser.screenshot("game");
        assertClean("game");

        browser.open("/explorer");
        assertEquals(32, browser.all("svg.board text.piece").size());
        assertTrue(browser.all("#explorer-table tbody tr").size() >= 3);
        browser.screenshot("explorer");
        assertClean("explorer");

        browser.open("/tablebase");
        assertTrue(browser.find("#tb-category").getText().endsWith("win"));
        browser.screenshot("tablebase");
        assertClean("tablebase");

        browser.open("/draw-rules");
        assertEquals("10", browser.find("#draw-cards .big").getText());
        assertTrue(browser.all("svg.chart rect.bar").size() >= 4);
        browser.screenshot("draw-rules");
        assertClean("draw-rules");

        browser.open("/endgames");
        WebElement krk = browser.find("#endgames-table tr[data-signature=KRvK]");
        assertTrue(krk.getText().contains("1 (100%)"), krk.getText());
        browser.screenshot("endgames");
        assertClean("endgames");

        browser.open("/tune");
        WebElement run = browser.find("#tune-runs tr[data-run=" + SpsaRows.RUN + "]");
        assertTrue(run.getText().contains("10 / 10"), run.getText());
        browser.screenshot("tune-runs");
        assertClean("tune-runs");

        browser.open("/tune/" + SpsaRows.RUN);
        List<WebElement> paths = browser.all("figure[data-parameter] svg.chart path.series");
        assertEquals(2, paths.size(), "one θ line per parameter");
        // The start and one point per counted pair: 11 points, so 10 line segments.
        String d = paths.get(0).getAttribute("d");
        assertEquals(1, d.chars().filter(c -> c == 'M').count(), d);
        assertEquals(10, d.chars().filter(c -> c == 'L').count(), d);
        java.util.List<java.util.Map<String, Object>> rows = SpsaRows.rows();
        java.util.List<?> last = (java.util.List<?>) rows.get(rows.size() - 1).get("theta_after");
        WebElement scale = browser.find("#tune-theta tr[data-parameter=Scale]");
        assertTrue(scale.getText().endsWith(String.format(java.util.Locale.ROOT, "%.3f", (Double) last.get(1))), scale.getText());
        browser.screenshot("tune-run");
        assertClean("tune-run");
    }

    @Test
    void clickingMovesInTheExplorerChangesTheTable() throws Exception {
        browser.open("/explorer?sources=import");
        assertEquals("9", browser.find("#explorer-total").getText());
        browser.find("#explorer-table tr[data-uci=e2e4]").click();
        browser.awaitText("#explorer-total", "6", Duration.ofSeconds(10));
        assertTrue(browser.driver().getCurrentUrl().contains("play=e2e4"));
        browser.find("#explorer-table tr[data-uci=e7e5]").click();
        browser.awaitText("#explorer-total", "5", Duration.ofSeconds(10));
        // A move played on the board itself: the knight from g1 to f3.
        browser.find("rect[data-square=g1]").click();
        browser.find("rect[data-square=f3]").click();
        browser.awaitText("#explorer-total", "4", Duration.ofSeconds(10));
        assertTrue(browser.driver().getCurrentUrl().contains("play=e2e4%2Ce7e5%2Cg1f3")
                || browser.driver().getCurrentUrl().contains("play=e2e4,e7e5,g1f3"), browser.driver().getCurrentUrl());
        browser.screenshot("explorer-after-nf3");
        browser.find("#explorer-back").click();
        browser.awaitText("#explorer-total", "5", Duration.ofSeconds(10));
        assertClean("explorer clicks");
    }

    /** Chess960 castling on the board: king then own rook (f1h1), and king to its destination (f8 to c8 plays f8b8). */
    @Test
    void chess960CastlingByKingTakesRookAndByTheKingsDestination() throws Exception {
        browser.open("/explorer?fen=" + java.net.URLEncoder.encode("1r3k1r/5p2/8/8/8/8/5P2/1R3K1R w HBhb - 0 1",
                java.nio.charset.StandardCharsets.UTF_8));
        browser.find("rect[data-square=f1]").click();
        // f1g1 is an ordinary king step here, so the castling is played by taking the rook.
        browser.find("rect[data-square=h1]").click();
        new WebDriverWait(browser.driver(), Duration.ofSeconds(10)).until(d -> d.getCurrentUrl().contains("f1h1"));
        browser.awaitReady();
        browser.find("rect[data-square=f8]").click();
        assertFalse(browser.all("circle.target").isEmpty(), "the king's targets are shown");
        browser.find("rect[data-square=c8]").click();
        new WebDriverWait(browser.driver(), Duration.ofSeconds(10)).until(d -> d.getCurrentUrl().contains("f8b8"));
        browser.awaitReady();
        browser.screenshot("chess960-castled");
        assertTrue(browser.find("#explorer-line").getText().contains("f1h1 f8b8"), browser.find("#explorer-line").getText());
    }

    @Test
    void theExplorerNamesTheOpeningListsGamesChartsMonthsAndKeepsItsStateInTheLink() throws Exception {
        browser.open("/explorer?play=e2e4,e7e5,g1f3,b8c6,f1c4&sources=import");
        assertTrue(browser.find("#explorer-opening").getText().contains("Italian Game"), browser.find("#explorer-opening").getText());
        List<WebElement> links = browser.all("#explorer-top-games a");
        assertFalse(links.isEmpty(), "top games listed");
        assertTrue(links.get(0).getAttribute("href").contains("/games/corpus/corpus.pgn%23"), links.get(0).getAttribute("href"));
        assertEquals(browser.driver().getCurrentUrl(), browser.find("#explorer-link").getAttribute("value"));
        browser.open("/explorer?sources=import");
        assertFalse(browser.all("#explorer-history svg.chart rect.bar").isEmpty(), "results per month drawn");
        browser.screenshot("explorer-games-history");
        assertClean("explorer games");
        // A band filter and a month range go into the URL, and the link holds them.
        browser.find("#explorer-filters [data-filter=ratings] input[value='2500']").click();
        new WebDriverWait(browser.driver(), Duration.ofSeconds(10)).until(d -> d.getCurrentUrl().contains("ratings=2500"));
        browser.awaitReady();
        WebElement since = browser.find("#explorer-filters input[name=since]");
        since.sendKeys("2000-01\n");
        new WebDriverWait(browser.driver(), Duration.ofSeconds(10)).until(d -> d.getCurrentUrl().contains("since=2000-01"));
        browser.awaitReady();
        String link = browser.find("#explorer-link").getAttribute("value");
        assertTrue(link.contains("ratings=2500") && link.contains("since=2000-01"), link);
        // One player's repertoire: a gauntlet engine as White.
        browser.open("/explorer?db=player&player=rookery-dev&color=white");
        assertTrue(Integer.parseInt(browser.find("#explorer-total").getText()) > 0);
        assertFalse(browser.all("#explorer-recent-games a").isEmpty(), "the player's latest games listed");
        browser.screenshot("explorer-player");
        assertClean("explorer player");
    }

    @Test
    void probingATablebasePositionAndSteppingTheMainline() throws Exception {
        browser.open("/tablebase");
        WebElement fen = browser.find("input[name=fen]");
        fen.clear();
        fen.sendKeys("8/8/8/4k3/8/8/8/1Q2K3 w - - 0 1");
        browser.find("#tb-probe").click();
        new WebDriverWait(browser.driver(), Duration.ofSeconds(10))
                .until(d -> d.getCurrentUrl().contains("1Q2K3"));
        browser.awaitReady();
        assertEquals("White to move: win", browser.find("#tb-category").getText());
        int dtm = Integer.parseInt(browser.find("#tb-dtm").getText());
        assertTrue(dtm > 0 && dtm < 20, "KQvK mates within 10 moves");
        List<WebElement> rows = browser.all("#tb-move-table tbody tr");
        assertTrue(rows.get(0).getAttribute("class").contains("cat-win"), "best move first, coloured as a win");
        browser.find("#tb-step").click();
        new WebDriverWait(browser.driver(), Duration.ofSeconds(10))
                .until(d -> !d.findElements(By.cssSelector("#tb-line span.played")).isEmpty());
        browser.find("#tb-step").click();
        new WebDriverWait(browser.driver(), Duration.ofSeconds(10))
                .until(d -> d.findElements(By.cssSelector("#tb-line span.played")).size() == 2);
        browser.screenshot("tablebase-mainline");
        // Set up a position with the piece palette: a lone white king and a black king -> a draw.
        browser.find("#tb-edit").click();
        browser.find("#tb-clear").click();
        browser.find("button[data-brush=K]").click();
        browser.find("svg.board:not(.hidden) rect[data-square=e1]").click();
        browser.find("button[data-brush=k]").click();
        browser.find("svg.board:not(.hidden) rect[data-square=e8]").click();
        browser.find("#tb-probe-edit").click();
        new WebDriverWait(browser.driver(), Duration.ofSeconds(10))
                .until(d -> d.findElement(By.cssSelector("#tb-category")).getText().endsWith("draw"));
        assertClean("tablebase");
    }

    @Test
    void hostilePgnStaysText() throws Exception {
        browser.open("/games/corpus/corpus.pgn%232");
        assertThrows(NoAlertPresentException.class, () -> browser.driver().switchTo().alert());
        String title = browser.find("#game-title").getText();
        assertTrue(title.contains("<script>alert('white')</script>"), title);
        assertEquals(0, browser.all("main img, main b, main script").size(), "no markup from the PGN became elements");
        browser.script("document.querySelector('details').open = true");
        assertTrue(browser.find("#pgn-text").getText().contains("<script>alert('comment')</script>"));
        assertEquals(1L, browser.script("return document.scripts.length"));
        browser.screenshot("hostile-game");
        browser.open("/draw-rules");
        assertFalse(browser.driver().getPageSource().contains("onerror=alert"));
        assertClean("hostile");
    }
}

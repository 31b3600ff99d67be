package org.rookery.dashboards.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.WebElement;
import org.rookery.contract.ledger.SprtAnswer;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.rookery.dashboards.browser.Browser;
import org.rookery.stats.Sprt;

/**
 * The match page's ledger in a real browser: engine statistics with their source, the per-opening
 * table, and the SPRT form recomputing the match under asked bounds, its LLR the one the API (and
 * {@code analyze sprt}'s computation) gives.
 */
class LedgerBrowserTest {
    private static Browser browser;

    @BeforeAll
    static void start() throws Exception {
        Browser.assumeInstalled();
        browser = Browser.start(LedgerFixture.dashboard().url());
    }

    @AfterAll
    static void stop() throws Exception {
        if (browser != null) browser.close();
    }

    /** Waits until the first element of {@code css} contains {@code text}. */
    private static void awaitContains(String css, String text, Duration timeout) {
        new WebDriverWait(browser.driver(), timeout).until(d -> {
            List<WebElement> els = d.findElements(By.cssSelector(css));
            return !els.isEmpty() && els.get(0).getText().contains(text);
        });
    }

    @Test
    void ledgerSectionsAndTheSprtForm() throws Exception {
        browser.open("/matches/lm");
        awaitContains("#sprt-live", "LLR", Duration.ofSeconds(20));
        String source = browser.find("#engine-stats-source").getAttribute("data-source");
        assertTrue(List.of("engine_stats", "computed").contains(source), source);
        assertTrue(browser.all("#engine-stats tbody tr").size() >= 1);
        assertEquals(2, browser.all("#opening-stats tbody tr").size());
        assertTrue(browser.find("#opening-stats").getText().contains("e2e4 e7e5"));
        assertTrue(browser.find("#sprt-live").getText().contains("[0, 5]"), browser.find("#sprt-live").getText());

        WebElement elo0 = browser.find("#sprt-elo0"), elo1 = browser.find("#sprt-elo1");
        elo0.sendKeys("-3");
        elo1.sendKeys("1");
        browser.find("#sprt-alpha").sendKeys("0.1");
        browser.find("#sprt-beta").sendKeys("0.1");
        browser.script("document.getElementById('sprt-model').value = 'logistic'");
        browser.find("#sprt-submit").click();
        Sprt asked = new Sprt(0.1, 0.1, -3, 1, Sprt.Model.LOGISTIC);
        SprtAnswer.Line line = MatchLedgerApiTest.analyzeSprt(asked, 0).asked();
        String llr = String.format(Locale.ROOT, "LLR %.4f", line.llr());
        awaitContains("#sprt-asked", llr, Duration.ofSeconds(20));
        String text = browser.find("#sprt-asked").getText();
        assertTrue(text.contains("[-3, 1]") && text.contains("logistic"), text);
        assertTrue(text.contains(line.stoppedAtGames() < 0 ? "no bound crossed" : "stops at game " + line.stoppedAtGames()), text);
        browser.screenshot("match-ledger");
        assertTrue(browser.severeLogs().isEmpty(), "console errors " + browser.severeLogs());
        String page = browser.find("main").getText();
        assertTrue(!page.matches("(?s).*\\b(null|undefined|NaN)\\b.*"), "a missing value was printed: " + page);

        browser.script("document.getElementById('sprt-elo0').value = '9'; document.getElementById('sprt-elo1').value = '1'");
        browser.find("#sprt-submit").click();
        awaitContains("#sprt-result", "elo0", Duration.ofSeconds(20));
        assertEquals("error", browser.find("#sprt-result").getAttribute("data-state"));
    }
}

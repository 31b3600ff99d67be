package org.rookery.dashboards.browser;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Headless Debian chromium driven through chromedriver by Selenium, with a fresh profile and no
 * background networking. Tests that need it are skipped, with the install command, when either
 * program is missing. Screenshots go to {@code target/screenshots/}.
 */
public final class Browser implements AutoCloseable {
    static final Path CHROMIUM = Paths.get("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Paths.get("/usr/bin/chromedriver");
    public static final Path SCREENSHOTS = Paths.get("target", "screenshots");

    private final ChromeDriver driver;
    private final Path profile;
    private final URI base;

    private Browser(ChromeDriver driver, Path profile, URI base) {
        this.driver = driver;
        this.profile = profile;
        this.base = base;
    }

    /** Skips the calling test when chromium or chromedriver is not installed. */
    public static void assumeInstalled() {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "browser tests skipped: chromium/chromedriver missing (apt-get install -y chromium chromium-driver)");
    }

    public static Browser start(URI base) throws IOException {
        assumeInstalled();
        Path profile = Files.createTempDirectory("rookery-chromium");
        ChromeOptions o = new ChromeOptions();
        o.setBinary(CHROMIUM.toFile());
        o.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--user-data-dir=" + profile, "--window-size=1280,1000");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        o.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        return new Browser(new ChromeDriver(service, o), profile, base);
    }

    public WebDriver driver() {
        return driver;
    }

    /** Opens a page and waits until it says it is drawn (main[data-state=ready]). */
    public void open(String path) {
        driver.get(base.resolve(path).toString());
        awaitReady();
    }

    public void awaitReady() {
        new WebDriverWait(driver, Duration.ofSeconds(20))
                .until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("main[data-state=ready]")));
    }

    public WebElement find(String css) {
        return driver.findElement(By.cssSelector(css));
    }

    public List<WebElement> all(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    /** Waits until {@code css} has the given text (trimmed). */
    public void awaitText(String css, String text, Duration timeout) {
        new WebDriverWait(driver, timeout).until(d -> {
            List<WebElement> els = d.findElements(By.cssSelector(css));
            return !els.isEmpty() && els.get(0).getText().trim().equals(text);
        });
    }

    /** Saves a screenshot as target/screenshots/NAME.png and returns its path. */
    public Path screenshot(String name) throws IOException {
        Files.createDirectories(SCREENSHOTS);
        File f = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
        Path out = SCREENSHOTS.resolve(name + ".png");
        Files.copy(f.toPath(), out, StandardCopyOption.REPLACE_EXISTING);
        return out;
    }

    /** Console messages at SEVERE level since the last call (script errors, CSP violations, failed loads). */
    public List<String> severeLogs() {
        List<String> out = new ArrayList<>();
        for (LogEntry e : driver.manage().logs().get(LogType.BROWSER)) {
            if (e.getLevel().intValue() >= Level.SEVERE.intValue()) out.add(e.getMessage());
        }
        return out;
    }

    public Object script(String js, Object... args) {
        return driver.executeScript(js, args);
    }

    @Override
    public void close() throws IOException {
        try {
            driver.quit();
        } finally {
            try (var files = Files.walk(profile)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}

package org.rookery.jobs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.Extension;

class HangReportTest {

    @Test
    void theReportNamesTheTestAndShowsTheHeapItsLargestClassesAndSparksJobs() {
        TestSpark.get();
        String r = HangReport.report("aTest() in SomeTest");
        assertTrue(r.startsWith("HANG REPORT: aTest() in SomeTest timed out\nheap: "), r);
        assertTrue(r.contains("#instances") && r.contains("#bytes"), "the class histogram's header: " + r);
        assertTrue(r.contains("\"main\" "), "the test thread's stack: " + r);
    }

    @Test
    void junitFindsTheReportOnEveryTestClass() {
        boolean found = false;
        for (Extension e : ServiceLoader.load(Extension.class)) found |= e instanceof HangReport;
        assertTrue(found, "META-INF/services names HangReport, and the parent pom enables auto-detection");
    }
}

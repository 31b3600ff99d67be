package org.rookery.jobs;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.lang.management.ThreadInfo;
import java.util.concurrent.TimeoutException;
import javax.management.ObjectName;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;

/**
 * When a test of this JVM runs past its time limit, prints what the JVM was doing: the heap, the
 * largest classes on it, Spark's running jobs and the stacks of the busy threads. CI shows only the
 * tail of a run, and a Spark task starved of heap retries its allocation for ever; this report is
 * the tail then. Registered for every test class through JUnit's extension auto-detection.
 */
public final class HangReport implements TestExecutionExceptionHandler {

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable failure) throws Throwable {
        if (failure instanceof TimeoutException) {
            System.err.println(report(context.getDisplayName() + " in " + context.getRequiredTestClass().getName()));
        }
        throw failure;
    }

    /** The report, headed by what timed out. */
    static String report(String what) {
        StringBuilder b = new StringBuilder("HANG REPORT: ").append(what).append(" timed out\n");
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        b.append("heap: ").append(heap.getUsed() >> 20).append(" MiB used of ").append(heap.getMax() >> 20).append(" MiB\n");
        try {
            String histogram = (String) ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
                    new Object[] {null}, new String[] {String[].class.getName()});
            String[] lines = histogram.split("\n");
            for (int i = 0; i < Math.min(lines.length, 15); i++) b.append(lines[i]).append('\n');
        } catch (Exception e) {
            b.append("no class histogram: ").append(e).append('\n');
        }
        b.append(TestSpark.activeJobs());
        for (ThreadInfo t : ManagementFactory.getThreadMXBean().dumpAllThreads(false, false, 12)) {
            // the test's own thread and Spark's task threads; the rest idle in their event loops
            if (!t.getThreadName().equals("main") && !t.getThreadName().startsWith("Executor task")) continue;
            b.append('"').append(t.getThreadName()).append("\" ").append(t.getThreadState()).append('\n');
            for (StackTraceElement e : t.getStackTrace()) b.append("    at ").append(e).append('\n');
        }
        return b.toString();
    }
}

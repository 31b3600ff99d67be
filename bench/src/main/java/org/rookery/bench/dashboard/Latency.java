package org.rookery.bench.dashboard;

import java.util.Arrays;

/** Latency samples in nanoseconds and their percentiles in milliseconds. */
public final class Latency {
    private long[] samples = new long[1024];
    private int n;

    public void add(long nanos) {
        if (n == samples.length) samples = Arrays.copyOf(samples, n * 2);
        samples[n++] = nanos;
    }

    public int count() {
        return n;
    }

    /** The q-quantile (0..1) in milliseconds, nearest-rank. */
    public double percentileMillis(double q) {
        if (n == 0) return Double.NaN;
        long[] s = Arrays.copyOf(samples, n);
        Arrays.sort(s);
        int rank = (int) Math.ceil(q * n) - 1;
        return s[Math.max(0, Math.min(n - 1, rank))] / 1e6;
    }

    /** "N requests: p50 x ms, p90 y ms, p99 z ms, max w ms". */
    public String summary() {
        return String.format("%d requests: p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms", n, percentileMillis(0.5),
                percentileMillis(0.9), percentileMillis(0.99), percentileMillis(1.0));
    }
}

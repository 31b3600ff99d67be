package org.rookery.stats.spsa;

/**
 * One iteration handed out for play: the pair θ+cΔ against θ−cΔ.
 *
 * @param k      the iteration, 1 … N (fishtest's {@code iter_local}: pairs handed out before it, plus one)
 * @param flips  Δ: +1 or −1 per parameter
 * @param ck     {@code c_k} per parameter
 * @param theta  θ when the probe was handed out
 * @param plus   the values the θ+ engine plays: {@code θ + c_k·Δ}, clipped, integers rounded
 * @param minus  the values the θ− engine plays: {@code θ − c_k·Δ}, clipped, integers rounded
 */
public record SpsaProbe(long k, int[] flips, double[] ck, double[] theta, double[] plus, double[] minus) {
    public SpsaProbe {
        flips = flips.clone();
        ck = ck.clone();
        theta = theta.clone();
        plus = plus.clone();
        minus = minus.clone();
    }

    @Override public int[] flips() { return flips.clone(); }
    @Override public double[] ck() { return ck.clone(); }
    @Override public double[] theta() { return theta.clone(); }
    @Override public double[] plus() { return plus.clone(); }
    @Override public double[] minus() { return minus.clone(); }
}

package org.rookery.stats.spsa;

import java.util.ArrayList;
import java.util.List;

/**
 * One tuned parameter as fishtest writes it, {@code NAME,START,MIN,MAX,C_END,R_END}.
 *
 * <p>A parameter is an integer when START, MIN and MAX are all written without a decimal point or
 * exponent (Stockfish's {@code TUNE} prints them so); its values are then rounded before an engine
 * sees them. Otherwise it is a float and is sent as computed.
 *
 * @param name    the UCI option name
 * @param start   θ before the first pair
 * @param min     lower bound of θ and of every value played
 * @param max     upper bound
 * @param cEnd    perturbation at the last iteration, {@code c_N}
 * @param rEnd    learning rate at the last iteration, {@code a_N / c_N²}
 * @param integer whether values are rounded to whole numbers before they are played
 */
public record SpsaParameter(String name, double start, double min, double max, double cEnd, double rEnd, boolean integer) {
    public SpsaParameter {
        if (name == null || name.isBlank()) throw new IllegalArgumentException("parameter name is empty");
        if (!(min < max)) throw new IllegalArgumentException(name + ": MIN " + fmt(min) + " must be below MAX " + fmt(max));
        if (start < min || start > max) {
            throw new IllegalArgumentException(name + ": START " + fmt(start) + " is outside [" + fmt(min) + ", " + fmt(max) + "]");
        }
        if (!(cEnd > 0)) throw new IllegalArgumentException(name + ": C_END must be positive, got " + fmt(cEnd));
        if (!(rEnd > 0)) throw new IllegalArgumentException(name + ": R_END must be positive, got " + fmt(rEnd));
    }

    /** Parses one {@code NAME,START,MIN,MAX,C_END,R_END} line; the message of a bad line quotes it. */
    public static SpsaParameter parse(String line) {
        String[] f = line.split(",", -1);
        if (f.length != 6) {
            throw new IllegalArgumentException("\"" + line + "\": expected NAME,START,MIN,MAX,C_END,R_END (6 fields), found " + f.length);
        }
        String name = f[0].trim();
        boolean integer = whole(f[1]) && whole(f[2]) && whole(f[3]);
        return new SpsaParameter(name, number(line, "START", f[1]), number(line, "MIN", f[2]), number(line, "MAX", f[3]),
            number(line, "C_END", f[4]), number(line, "R_END", f[5]), integer);
    }

    /** Parses a file's lines: blank lines and lines starting with {@code #} are skipped. */
    public static List<SpsaParameter> parseAll(List<String> lines) {
        List<SpsaParameter> out = new ArrayList<>();
        for (String l : lines) {
            String t = l.strip();
            if (!t.isEmpty() && !t.startsWith("#")) out.add(parse(t));
        }
        return out;
    }

    /** {@code v} clipped to {@code [min, max]}. */
    public double clip(double v) {
        return Math.max(min, Math.min(max, v));
    }

    /** A value as the engine is sent it: whole numbers without a decimal point. */
    public String format(double v) {
        if (integer || v == Math.rint(v) && Math.abs(v) < 1e15) return Long.toString(Math.round(v));
        return Double.toString(v);
    }

    private static boolean whole(String s) {
        return s.trim().matches("[+-]?\\d+");
    }

    private static double number(String line, String field, String s) {
        try {
            double d = Double.parseDouble(s.trim());
            if (!Double.isFinite(d)) throw new NumberFormatException();
            return d;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("\"" + line + "\": " + field + " is not a number: \"" + s.trim() + "\"");
        }
    }

    private static String fmt(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}

package io.nri4j.samples.goyaml;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.function.Predicate;

/**
 * Go's number syntax, number formatting and string quoting, as far as reading annotations the
 * way upstream's plugins do needs them.
 */
public final class GoText {

    public static final BigInteger INT64_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    public static final BigInteger INT64_MAX = BigInteger.valueOf(Long.MAX_VALUE);
    public static final BigInteger UINT64_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private GoText() {
    }

    /**
     * The integer {@code strconv.ParseInt(s, 0, 64)} reads, else the one {@code ParseUint(s, 0, 64)}
     * reads, else null: an optional sign, then decimal, {@code 0x} hex, {@code 0o} or leading-zero
     * octal, or {@code 0b} binary digits.
     */
    public static BigInteger parseInteger(String s) {
        boolean signed = s.startsWith("+") || s.startsWith("-");
        String digits = signed ? s.substring(1) : s;
        int radix = 10;
        if (digits.length() > 1 && digits.charAt(0) == '0') {
            char prefix = Character.toLowerCase(digits.charAt(1));
            radix = prefix == 'x' ? 16 : prefix == 'b' ? 2 : 8;
            digits = digits.substring(prefix == 'x' || prefix == 'o' || prefix == 'b' ? 2 : 1);
        }
        int base = radix;
        if (digits.isEmpty() || !digits.chars().allMatch(c -> c < 128 && Character.digit(c, base) >= 0)) {
            return null;
        }
        BigInteger value = new BigInteger(digits, radix);
        value = s.startsWith("-") ? value.negate() : value;
        if (value.compareTo(INT64_MIN) >= 0 && value.compareTo(INT64_MAX) <= 0) {
            return value;
        }
        return !signed && value.compareTo(UINT64_MAX) <= 0 ? value : null;
    }

    /** {@code strconv.FormatFloat(v, 'g', -1, 32)}: the text a float becomes in a string field. */
    public static String formatFloat32(double v) {
        float f = (float) v;
        if (Float.isNaN(f)) {
            return "NaN";
        }
        if (Float.isInfinite(f)) {
            return f > 0 ? "+Inf" : "-Inf";
        }
        String sign = Float.floatToRawIntBits(f) < 0 ? "-" : "";
        float abs = Math.abs(f);
        if (abs == 0) {
            return sign + "0";
        }
        BigDecimal digits = shortest(new BigDecimal(abs), 9, d -> d.floatValue() == abs);
        int exponent = digits.precision() - digits.scale() - 1;
        if (exponent >= -4 && exponent < 6) {
            return sign + digits.toPlainString();
        }
        String unscaled = digits.unscaledValue().toString();
        String mantissa = unscaled.length() == 1 ? unscaled : unscaled.charAt(0) + "." + unscaled.substring(1);
        int e = Math.abs(exponent);
        return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + (e < 10 ? "0" : "") + e;
    }

    /**
     * The integer a float turns into on its way through {@code encoding/json} into an integer
     * field, or null if the JSON text would not be an integer: only integral floats below 1e21
     * are written without a fraction or exponent, with their shortest digits.
     */
    public static BigInteger jsonInteger(double v) {
        if (!Double.isFinite(v) || Math.abs(v) >= 1e21 || v != Math.rint(v)) {
            return null;
        }
        double abs = Math.abs(v);
        if (abs == 0) {
            return BigInteger.ZERO;
        }
        BigInteger value = shortest(new BigDecimal(abs), 17, d -> d.doubleValue() == abs).toBigInteger();
        return v < 0 ? value.negate() : value;
    }

    /** Go's {@code %q}: the string in double quotes with Go's escapes. */
    public static String quote(String s) {
        StringBuilder quoted = new StringBuilder("\"");
        s.codePoints().forEach(c -> {
            switch (c) {
                case '"' -> quoted.append("\\\"");
                case '\\' -> quoted.append("\\\\");
                case '\n' -> quoted.append("\\n");
                case '\t' -> quoted.append("\\t");
                case '\r' -> quoted.append("\\r");
                case 0x07 -> quoted.append("\\a");
                case '\b' -> quoted.append("\\b");
                case '\f' -> quoted.append("\\f");
                case 0x0b -> quoted.append("\\v");
                default -> quoted.append(c < 0x20 || c == 0x7f ? String.format("\\x%02x", c)
                        : Character.isISOControl(c) ? String.format("\\u%04x", c) : Character.toString(c));
            }
        });
        return quoted.append('"').toString();
    }

    /** The fewest significant digits of {@code exact} that still read back as the same number. */
    private static BigDecimal shortest(BigDecimal exact, int maxDigits, Predicate<BigDecimal> readsBack) {
        for (int digits = 1; digits < maxDigits; digits++) {
            BigDecimal rounded = exact.round(new MathContext(digits, RoundingMode.HALF_EVEN));
            if (readsBack.test(rounded)) {
                return rounded.stripTrailingZeros();
            }
        }
        return exact.round(new MathContext(maxDigits, RoundingMode.HALF_EVEN)).stripTrailingZeros();
    }
}

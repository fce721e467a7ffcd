package io.polyid.spark;

import io.polyid.Wdp;
import java.util.List;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.objects.StaticInvoke;
import org.apache.spark.sql.types.AbstractDataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * {@code polyid_compact_id(code)} as a Spark SQL expression (registered by
 * {@link PolyIdFunctions#registerExpressions}): the same values as {@link CompactId}, null for
 * a null or invalid code, computed on Spark's own {@code UTF8String} bytes, so no row is
 * turned into a {@code String} and back, and called from the stage's generated code (Spark's
 * {@code StaticInvoke} of {@link #compute}).
 */
public final class CompactIdExpression {
    private CompactIdExpression() {}

    /** The expression over one argument, the code. */
    public static Expression of(Expression code) {
        // A non-string argument is cast to a string first (the input type), null in is null out.
        return new StaticInvoke(CompactIdExpression.class, DataTypes.StringType, "compute",
                CollectionConverters.asScala(List.of(code)).toList(),
                CollectionConverters.asScala(List.<AbstractDataType>of(DataTypes.StringType)).toList(),
                true, true, true, Option.empty());
    }

    /** The compact ID of a code's bytes, or null when the code is not a valid WDP code. */
    public static UTF8String compute(UTF8String code) {
        byte[] out = new byte[Wdp.COMPACT_ID_LENGTH];
        long offset = code.getBaseOffset() - Platform.BYTE_ARRAY_OFFSET;
        boolean valid;
        if (code.getBaseObject() instanceof byte[] bytes && offset >= 0 && offset <= Integer.MAX_VALUE) {
            valid = Wdp.tryCompactIdUtf8(bytes, (int) offset, code.numBytes(), out, 0);
        } else {
            byte[] copy = code.getBytes();
            valid = Wdp.tryCompactIdUtf8(copy, 0, copy.length, out, 0);
        }
        return valid ? UTF8String.fromBytes(out) : null;
    }
}

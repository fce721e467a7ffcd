package io.polyid;

import java.util.OptionalInt;

/**
 * The process node (0-959) that xid and TID generators put in their IDs, so that processes
 * with distinct nodes never issue the same ID. The core reads {@code POLYID_NODE} at the first
 * ID; {@link #set} assigns one before that. The rules are the same in every polyid runtime.
 */
public final class Node {
    private Node() {}

    /** Assigns the process node (before generators took it: else {@code NODE_IN_USE}). */
    public static void set(int node) {
        Native.setNode(node == -1 ? Long.MIN_VALUE : node);
    }

    /** Withdraws the process node. */
    public static void clear() {
        Native.setNode(-1);
    }

    /** The process node: the assigned one, or {@code POLYID_NODE}'s; empty when none. */
    public static OptionalInt process() {
        int n = Native.processNode();
        return n < 0 ? OptionalInt.empty() : OptionalInt.of(n);
    }

    /** Makes a generator without a node fail with {@code NODE_REQUIRED}. */
    public static void setRequired(boolean required) {
        Native.setNodeRequired(required);
    }

    /** Whether a node is required ({@code POLYID_NODE_REQUIRED=1} or {@link #setRequired}). */
    public static boolean required() {
        return Native.nodeRequired();
    }
}

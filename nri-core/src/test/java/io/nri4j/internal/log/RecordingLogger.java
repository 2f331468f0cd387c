package io.nri4j.internal.log;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;

/** A logger that keeps each line as {@code LEVEL message[ !throwable message]}, at every level. */
public final class RecordingLogger extends LegacyAbstractLogger {

    private static final long serialVersionUID = 1L;

    /** The lines logged so far. */
    public final transient List<String> lines = new CopyOnWriteArrayList<>();

    @Override
    protected String getFullyQualifiedCallerName() {
        return null;
    }

    @Override
    protected void handleNormalizedLoggingCall(Level level, Marker marker, String pattern, Object[] args,
            Throwable t) {
        lines.add(level + " " + MessageFormatter.basicArrayFormat(pattern, args)
                + (t == null ? "" : " !" + t.getMessage()));
    }

    @Override
    public boolean isTraceEnabled() {
        return true;
    }

    @Override
    public boolean isDebugEnabled() {
        return true;
    }

    @Override
    public boolean isInfoEnabled() {
        return true;
    }

    @Override
    public boolean isWarnEnabled() {
        return true;
    }

    @Override
    public boolean isErrorEnabled() {
        return true;
    }
}

/**
 * JDK Flight Recorder events for OMPT callbacks, and the tool that turns callbacks into them.
 *
 * <p>Event names start with {@code ompt.} and share the category {@code OpenMP}; classes are final
 * and fully annotated, and gate on {@code isEnabled()} before reading clocks. This module is filled
 * by the recording issue; until then it holds only this note.
 */
package io.github.ompt4j.jfr;

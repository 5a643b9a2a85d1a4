/**
 * Byte Buddy advice that makes Java's parallel frameworks report OMPT events.
 *
 * <p>One instrumentation class per target type, grouped into adapters that switch on and off as a
 * unit ({@code forkjoin}, {@code streams}, {@code completable}, {@code locks}, {@code barriers},
 * {@code directives}). Advice is a few lines that call helpers in {@code ompt-model}; all logic lives
 * in those helpers, where it can be unit tested. This module is filled by the agent issues; until then
 * it holds only this note.
 */
package io.github.ompt4j.adapters;

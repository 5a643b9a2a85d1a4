/**
 * The {@code locks} and {@code barriers} adapters: {@code java.util.concurrent}'s locks as OMPT mutexes
 * and its barriers as explicit barriers (see {@code io.github.ompt4j.hooks.locks}). These classes are
 * loaded before {@code premain} in most programs and are woven by retransformation: code only. The
 * method names woven are the same on JDK 17, 21 and 25. The timed {@code tryLock}/{@code tryAcquire}
 * are not woven: their end needs both the returned value and the exception, which one exit hook cannot
 * take yet.
 */
package io.github.ompt4j.adapters.locks;

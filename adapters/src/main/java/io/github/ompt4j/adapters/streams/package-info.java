/**
 * The {@code streams} adapter: a parallel pipeline's terminal evaluation as a region (see
 * {@code io.github.ompt4j.hooks.streams.StreamHooks}). {@code AbstractPipeline} is loaded before
 * {@code premain} in every program, so it is woven by retransformation: code only, no new members.
 */
package io.github.ompt4j.adapters.streams;

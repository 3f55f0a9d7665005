/** The AI chat page's messages (its island). */
const chat = {
  chat: {
    title: "Ask the blog",
    description:
      "Ask a question in Chinese or English and get an answer drawn from this blog's articles, notes and book chapters, with numbered sources that link to the exact section.",
    intro:
      "Ask a question in Chinese or English. The answer is drawn only from this blog's own articles, notes and book chapters, and every claim is numbered: [1], [2] link to the sections it comes from, listed under the answer.",
    noScript:
      "The chat needs JavaScript, and so does the search box at the top of the page. Without it, you can still find everything by browsing:",
    browseArticles: "articles by category and tag",
    browseNotes: "notes",
    browseBooks: "books",
    privacy: "Your conversation stays in this browser until you clear it.",
    conversation: "Conversation",
    empty: "No questions yet. Ask one below, or start with a suggestion.",
    suggestionsTitle: "Try asking",
    suggestAbout: "What has the blog written about {{topic}}?",
    suggestArticle: "What is “{{title}}” about?",
    suggestBook: "What is the book “{{title}}” about?",
    questionLabel: "Your question",
    hint: "Enter sends, Shift+Enter starts a new line.",
    counter: "{{count}} / {{max}}",
    tooLong: "A question can be at most {{max}} characters.",
    required: "Type a question first.",
    send: "Send",
    stop: "Stop",
    retry: "Ask again",
    copy: "Copy answer",
    copied: "Answer copied.",
    copyFailed: "Could not copy the answer.",
    clear: "Clear conversation",
    clearConfirm: "Clear the whole conversation? It cannot be brought back.",
    cleared: "Conversation cleared.",
    you: "You asked",
    answer: "Answer",
    writing: "Writing the answer…",
    searching: "Looking through the blog…",
    done: "Answer finished.",
    stopped: "Stopped. The answer above is incomplete.",
    truncated: "The answer reached its length limit and was cut short.",
    noModel:
      "No language model is configured on this site, so instead of a written answer you get the passages closest to your question, quoted with their links.",
    nothing:
      "The blog has nothing on this subject yet, so there is no answer rather than an invented one.",
    sources: "Sources",
    sourceNumber: "Source {{n}}",
    kinds: {
      article: "Article",
      note: "Note",
      chapter: "Book chapter",
    },
    errors: {
      tooMany: "Too many questions for now. Please wait {{seconds}} seconds and ask again.",
      timeout: "The answer took too long and was stopped. Please try again.",
      provider: "The language model could not answer just now. Please try again later.",
      tooLongConversation:
        "The conversation has grown too long for the language model. Clear it and ask again.",
      badQuestion: "That question could not be asked: check its length and try again.",
      unavailable: "The chat is not available right now. Please try again later.",
      network: "Could not reach the blog. Check your connection and try again.",
      cutOff: "The answer was cut off before it finished. Please try again.",
    },
  },
} as const;

export default chat;

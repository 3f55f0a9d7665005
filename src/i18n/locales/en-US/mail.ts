/** The mails the server sends: codes, account changes, replies to feedback and comments. */
const mail = {
  mail: {
    codeSubject: "Your verification code: {{code}}",
    codeBody:
      "Your verification code for {{site}} is {{code}}. It is valid for 10 minutes and can be used once. If you did not ask for it, you can ignore this mail.",
    existsSubject: "You already have an account",
    existsBody:
      "Someone asked to register at {{site}} with this address, which already has an account. If it was you, log in or reset your password. Otherwise you can ignore this mail.",
    resetSubject: "Reset your password: {{code}}",
    resetBody:
      "Your code to reset the password at {{site}} is {{code}}. It is valid for 10 minutes and can be used once. If you did not ask for it, you can ignore this mail.",
    changeSubject: "Confirm your new address: {{code}}",
    changeBody:
      "Someone asked to move an account at {{site}} to this address. The code to confirm it is {{code}}. It is valid for 10 minutes and can be used once. If you did not ask for it, you can ignore this mail: nothing changes without the code.",
    changeTakenSubject: "This address already has an account",
    changeTakenBody:
      "Someone asked to move another account at {{site}} to this address, which already has an account of its own. Nothing was changed. If it was you, use a different address. Otherwise you can ignore this mail.",
    commentWaitingSubject: "A comment waits for you: {{item}}",
    commentWaitingBody:
      "{{author}} wrote under {{item}}:\n\n{{text}}\n\nIt shows once you approve it: {{link}}\n\n—\n{{site}}",
    commentDigestSubject_one: "A comment waits for you",
    commentDigestSubject_other: "{{count}} comments wait for you",
    commentDigestBody:
      "Comments that began waiting at {{site}} since the last digest:\n\n{{list}}\n\nThey show once you approve them: {{link}}\n\n—\n{{site}}",
    commentDigestLine: "- {{author}} under {{item}}: {{text}}",
    commentDigestMore_one: "- and {{count}} more",
    commentDigestMore_other: "- and {{count}} more",
    commentReplySubject: "{{author}} answered your comment",
    commentReplyBody:
      "{{author}} answered your comment at {{site}}:\n\n{{text}}\n\nRead it in its thread: {{link}}\n\n—\nYou get this mail because you commented at {{site}}. To get no more mails about answers, open this link: {{unsubscribe}}",
    followConfirmSubject: "Confirm that you follow {{site}}",
    followConfirmBody:
      "Someone, you we hope, asked to get a mail from {{site}} when a new article is published ({{langs}}; {{how}}).\n\nTo confirm, open this link within 48 hours: {{link}}\n\nIf it was not you, do nothing: without the link, this address gets no mail from {{site}}.",
    followArticleSubject: "{{title}}",
    followArticleBody:
      "{{title}}\n\n{{text}}\n\nRead it at {{site}}: {{link}}\n\n—\nYou get this mail because you follow {{site}}. To get no more, open this link: {{unsubscribe}}",
    followDigestSubject: "{{site}}: the week of {{week}}",
    followDigestBody:
      "New at {{site}} in the week of {{week}}:\n\n{{list}}\n\n—\nYou get this weekly digest because you follow {{site}}. To get no more, open this link: {{unsubscribe}}",
    followEach: "one mail an article",
    followDigest: "a weekly digest",
    feedbackReplySubject: "Re: {{subject}}",
    feedbackReplyBody:
      "{{body}}\n\n—\nA reply from the owner of {{site}} to the feedback you sent, “{{subject}}”. You can answer through the feedback button on any page of the site.",
    changedSubject: "Your email address was changed",
    changedBody:
      "The email address of your account at {{site}} was changed to {{email}}. From now on you log in with that address. If you did not do this, reset your password with the new address at once, or write to the site's owner through the feedback button.",
  },
} as const;

export default mail;

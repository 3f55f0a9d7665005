import type { MailMessages } from "../en-US.ts";

/** 服务器发出的邮件：验证码、账号变更、反馈与评论的回复。 */
const mail: MailMessages = {
  mail: {
    codeSubject: "你的验证码：{{code}}",
    codeBody:
      "你在{{site}}的验证码是 {{code}}，10 分钟内有效，只能使用一次。如果不是你本人操作，请忽略这封邮件。",
    existsSubject: "你已经有账号了",
    existsBody:
      "有人用这个邮箱在{{site}}申请注册，但该邮箱已经有账号。如果是你本人，请直接登录或重置密码；否则请忽略这封邮件。",
    resetSubject: "重置密码验证码：{{code}}",
    resetBody:
      "你在{{site}}重置密码的验证码是 {{code}}，10 分钟内有效，只能使用一次。如果不是你本人操作，请忽略这封邮件。",
    changeSubject: "确认你的新邮箱：{{code}}",
    changeBody:
      "有人申请把{{site}}的一个账号改用这个邮箱。确认验证码是 {{code}}，10 分钟内有效，只能使用一次。如果不是你本人操作，请忽略这封邮件：没有验证码，什么都不会改变。",
    changeTakenSubject: "这个邮箱已经有账号了",
    changeTakenBody:
      "有人申请把{{site}}的另一个账号改用这个邮箱，但该邮箱已经有自己的账号，因此没有做任何改动。如果是你本人，请换一个邮箱；否则请忽略这封邮件。",
    commentWaitingSubject: "有一条评论待审核：{{item}}",
    commentWaitingBody:
      "{{author}} 在 {{item}} 下写道：\n\n{{text}}\n\n批准后即会显示：{{link}}\n\n——\n{{site}}",
    commentDigestSubject_one: "有 {{count}} 条评论待审核",
    commentDigestSubject_other: "有 {{count}} 条评论待审核",
    commentDigestBody:
      "自上次汇总以来，{{site}}有这些评论在等待审核：\n\n{{list}}\n\n批准后即会显示：{{link}}\n\n——\n{{site}}",
    commentDigestLine: "- {{author}} 在 {{item}} 下：{{text}}",
    commentDigestMore_one: "- 另有 {{count}} 条",
    commentDigestMore_other: "- 另有 {{count}} 条",
    commentReplySubject: "{{author}} 回复了你的评论",
    commentReplyBody:
      "{{author}} 在{{site}}回复了你的评论：\n\n{{text}}\n\n在对话中查看：{{link}}\n\n——\n你收到这封邮件，是因为你在{{site}}发表过评论。如不想再收到回复通知，请打开这个链接：{{unsubscribe}}",
    followConfirmSubject: "确认关注{{site}}",
    followConfirmBody:
      "有人（希望是你）请求在{{site}}发布新文章时收到邮件（{{langs}}；{{how}}）。\n\n确认请在 48 小时内打开这个链接：{{link}}\n\n如果不是你本人，请忽略：不打开链接，这个邮箱就不会收到{{site}}的邮件。",
    followArticleSubject: "{{title}}",
    followArticleBody:
      "{{title}}\n\n{{text}}\n\n在{{site}}阅读全文：{{link}}\n\n——\n你收到这封邮件，是因为你关注了{{site}}。如不想再收到，请打开这个链接：{{unsubscribe}}",
    followDigestSubject: "{{site}}：{{week}}这一周",
    followDigestBody:
      "{{site}}在{{week}}这一周的新文章：\n\n{{list}}\n\n——\n你收到这封每周汇总，是因为你关注了{{site}}。如不想再收到，请打开这个链接：{{unsubscribe}}",
    followEach: "每篇文章一封",
    followDigest: "每周汇总一封",
    feedbackReplySubject: "回复：{{subject}}",
    feedbackReplyBody:
      "{{body}}\n\n—\n这是{{site}}站长对你提交的反馈「{{subject}}」的回复。如需继续沟通，可以通过网站任意页面的反馈按钮联系。",
    changedSubject: "你的邮箱已更改",
    changedBody:
      "你在{{site}}的账号邮箱已改为 {{email}}，今后请用这个邮箱登录。如果不是你本人操作，请立即用新邮箱重置密码，或通过反馈按钮联系站长。",
  },
};

export default mail;

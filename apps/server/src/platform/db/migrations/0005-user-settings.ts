/** User switches, feedback, FAQ and agreements (content editable by operations). */
export const up = [
  'alter table users add column removed_at timestamptz',
  `create table user_settings (
     user_id integer primary key references users(id),
     push smallint not null default 1,
     individualized_recommend smallint not null default 1,
     gray boolean not null default false,
     updated_at timestamptz not null default now()
   )`,
  `create table feedback_types (
     id integer primary key,
     name text not null,
     sort integer not null default 0
   )`,
  `insert into feedback_types (id, name, sort) values
     (1, '交易问题', 1), (2, '支付问题', 2), (3, '账号与安全', 3), (4, '功能建议', 4), (5, '其他', 5)`,
  `create table feedback (
     id integer generated always as identity primary key,
     user_id integer not null references users(id),
     type_id integer not null references feedback_types(id),
     content text not null,
     contact text,
     images jsonb not null default '[]',
     created_at timestamptz not null default now()
   )`,
  `create table faqs (
     id integer generated always as identity primary key,
     category text not null,
     question text not null,
     answer text not null,
     sort integer not null default 0
   )`,
  `insert into faqs (category, question, answer, sort) values
     ('购买', '购买角色后多久能收到？', '支付成功后，游戏会将角色转移到您在该区服的账号下，通常在几分钟内完成；您可在订单详情中查看进度，收到后请确认收货。', 1),
     ('购买', '商品显示已锁定怎么办？', '商品被其他买家下单或处于保护期时会被锁定，页面会显示剩余时间，请在解锁后再试。', 2),
     ('出售', '寄售需要满足哪些条件？', '需要绑定手机号、完成实名认证、解锁寄售安全锁，并且角色在游戏中在线。', 3),
     ('出售', '寄售的角色会被冻结吗？', '寄售期间角色、游戏币或道具会在游戏内冻结，无法使用或转移；下架取回后即可恢复使用。', 4),
     ('资金', '出售所得何时可以提现？', '买家确认收货后，货款先进入待入账，入账后即可在钱包中申请提现，提现需与实名信息一致的收款账户。', 5),
     ('账号', '为什么要实名认证？', '根据相关法规，虚拟物品交易需要实名认证，且未成年人禁止参与交易。', 6)`,
  `create table agreements (
     key text primary key,
     title text not null,
     body text not null,
     version text not null,
     updated_at timestamptz not null default now()
   )`,
  `insert into agreements (key, title, body, version) values
     ('userAgreement', '用户服务协议', '欢迎使用游戏交易平台。您在注册、登录及使用本平台服务前，应仔细阅读本协议。\n一、本平台为游戏角色、游戏币与道具的交易撮合平台，交易标的由游戏运营方在游戏内冻结与交付。\n二、您应保证所售物品来源合法、信息真实，不得出售盗号、外挂等违规所得。\n三、交易资金由平台托管，买家确认收货后方结算给卖家。\n四、违反本协议的，平台有权下架商品、冻结账号并配合有关部门调查。', '2026-11-01'),
     ('privacyPolicy', '用户隐私政策', '我们仅在提供服务所必需的范围内收集您的个人信息：手机号用于登录与安全验证；实名信息用于履行法定的实名要求，加密存储且仅以脱敏形式展示；交易记录用于履约与纠纷处理。\n您可以在"设置"中查看、更正个人信息，关闭个性化推荐，或注销账号。', '2026-11-01'),
     ('childrenPrivacy', '儿童隐私保护指引', '未满十四周岁的儿童应在监护人同意与指导下使用本平台。未成年人禁止参与虚拟物品交易；若发现未成年人信息，我们将及时删除。', '2026-11-01'),
     ('personalInfoList', '个人信息收集清单', '手机号码：登录、绑定与安全验证。\n姓名与身份证号：实名认证（加密存储）。\n身份证照片：实名认证审核。\n设备信息：安全风控与统计。\n订单与交易信息：履约、售后与对账。', '2026-11-01'),
     ('thirdPartySharing', '第三方信息共享清单', '支付机构（支付宝、微信支付）：订单号与金额，用于完成支付。\n短信服务商：手机号，用于发送验证码。\n游戏运营方：游戏账号与角色标识，用于冻结与交付交易物品。', '2026-11-01'),
     ('tradingRules', '虚拟物品交易规则', '一、卖家寄售的物品在寄售期间由游戏冻结，售出后由游戏直接转移给买家。\n二、买家应在支付时限内完成支付，超时订单自动关闭。\n三、买家收货后确认，货款进入卖家待入账，按规则结算。\n四、禁止场外交易，平台不对场外交易承担责任。', '2026-11-01')`,
];

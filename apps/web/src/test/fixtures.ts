import type {
  BotDetail,
  ChatMessage,
  Conversation,
  MyBot,
  Notice,
  UploadGrant,
  UploadPurpose,
  UserInfo,
} from '@lingxi/contract';

export function makeUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 1,
    phone: '138****0000',
    nickname: '小灵',
    avatar: '/media/avatars/a.svg',
    gender: 0,
    birthday: null,
    bio: '',
    invite_code: 'ABC123',
    role: 'user',
    is_vip: false,
    vip_expires_at: null,
    chips: 100,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeBot(overrides: Partial<BotDetail> = {}): BotDetail {
  return {
    id: 5,
    name: '写作助手',
    avatar: '/media/avatars/bot/writer.svg',
    intro: '帮你写文章、改文案',
    category: 'writing',
    tags: ['写作', '文案'],
    is_system: true,
    creator: null,
    stats: { chats: 12345, users: 100, favourites: 8 },
    greeting: '你好，我是写作助手，想写点什么？',
    questions: ['写一首关于春天的诗', '帮我润色一段文字', '起一个好听的标题'],
    model_id: 'offline',
    model: { id: 'offline', name: '离线模型', provider: 'offline', chip_price: 1, base_chip_price: 1 },
    temperature: 0.7,
    visibility: 'public',
    status: 'published',
    is_favourite: false,
    is_assistant: false,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 1,
    conversation_id: 7,
    role: 'assistant',
    content: '你好',
    status: 'complete',
    model: 'offline',
    chips: 1,
    rating: 0,
    error: null,
    citations: [],
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeConversation(overrides: Partial<Conversation> = {}): Conversation {
  const bot = makeBot();
  return {
    id: 7,
    title: bot.name,
    bot: {
      id: bot.id,
      name: bot.name,
      avatar: bot.avatar,
      intro: bot.intro,
      category: bot.category,
      tags: bot.tags,
      is_system: bot.is_system,
      creator: bot.creator,
      stats: bot.stats,
    },
    last_message: '上一次的回复',
    message_count: 2,
    updated_at: new Date().toISOString(),
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeMyBot(overrides: Partial<MyBot> = {}): MyBot {
  return {
    id: 3,
    name: '旅行规划师',
    avatar: '/media/avatars/bot/trip.svg',
    intro: '帮你规划行程',
    category: 'life',
    tags: ['旅行'],
    is_system: false,
    creator: { id: 1, nickname: '小灵', avatar: '/media/avatars/a.svg' },
    stats: { chats: 12, users: 3, favourites: 1 },
    persona: '你是一位经验丰富的旅行规划师，擅长安排行程。',
    greeting: '想去哪里玩？',
    questions: ['帮我规划三天的杭州行程'],
    model_id: null,
    temperature: 0.7,
    knowledge_base_ids: [],
    visibility: 'private',
    status: 'draft',
    pending_edit: false,
    reject_reason: null,
    updated_at: new Date().toISOString(),
    ...overrides,
  };
}

export function makeNotice(overrides: Partial<Notice> = {}): Notice {
  return {
    id: 1,
    category: 'review',
    type: 'bot_approved',
    title: '智能体「旅行规划师」审核通过',
    body: '你的智能体已发布到发现页。',
    link: '/bot/3',
    actors: [],
    actor_count: 0,
    read: false,
    created_at: new Date().toISOString(),
    ...overrides,
  };
}

export function makeGrant(purpose: UploadPurpose, token = 'g1'): UploadGrant {
  return {
    token,
    purpose,
    max_bytes: 20 * 1024 * 1024,
    accept: [],
    expires_at: '2099-01-01T00:00:00.000Z',
    upload_url: '/api/v1/upload',
    method: 'POST',
    fields: { token },
    headers: {},
    file_field: 'file',
    complete_url: null,
  };
}

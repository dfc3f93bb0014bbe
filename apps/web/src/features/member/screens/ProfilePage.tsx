import { useEffect } from 'react';
import { Button, Card, DatePicker, Descriptions, Form, Input, Radio, Result, Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import type { Dayjs } from 'dayjs';
import { dayjs, formatTime } from '../../../lib/format.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@mall/shared';
import { reloadUser, useSession } from '../../../lib/session.ts';
import { memberKeys } from '../api/memberKeys.ts';
import { updateProfile } from '../api/updateProfile.ts';
import { AvatarUploader } from '../components/AvatarUploader.tsx';
import { useFeedback } from '../../../lib/feedback.ts';

const ROLE_NAMES: Record<string, string> = { member: '普通会员', distributor: '分销员', supplier: '供应商' };
/** Letters (any script), digits, _ - · . and inner spaces: what the server accepts. */
const NICKNAME = /^[\p{L}\p{N}_\-·.]+(?: [\p{L}\p{N}_\-·.]+)*$/u;

interface FormValues {
  nickname: string;
  gender: CurrentUser['gender'];
  birthday: Dayjs | null;
}

const toForm = (user: CurrentUser): FormValues => ({
  nickname: user.nickname ?? '',
  gender: user.gender,
  birthday: user.birthday ? dayjs(user.birthday) : null,
});

/** 个人资料: avatar, nickname, gender and birthday, editable; saved values show in the header at once. */
export default function ProfilePage() {
  const { user } = useSession();
  const { isPending } = useQuery({ queryKey: memberKeys.profile, queryFn: reloadUser, staleTime: 0 });
  if (!user && isPending) {
    return (
      <Card>
        <Skeleton active avatar paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (!user) {
    // The session ended while the page was open (the request helper has asked the buyer to sign in).
    return (
      <Card>
        <Result
          status="info"
          title="登录后查看个人资料"
          extra={
            <Link to="/login?redirect=%2Fuser%2Fmember%2Fprofile">
              <Button type="primary">去登录</Button>
            </Link>
          }
        />
      </Card>
    );
  }
  return <ProfileEditor user={user} />;
}

function ProfileEditor({ user }: { user: CurrentUser }) {
  const { message } = useFeedback();
  const [form] = Form.useForm<FormValues>();
  const save = useMutation({
    mutationFn: (v: FormValues) =>
      updateProfile({
        nickname: v.nickname.trim(),
        gender: v.gender,
        birthday: v.birthday ? v.birthday.format('YYYY-MM-DD') : null,
      }),
    onSuccess: async () => {
      // The header reads the session's member: fetch it again so the new nickname shows at once.
      await reloadUser();
      void message.success('资料已保存');
    },
  });

  // A fresh profile from the server (reload, avatar change) resets the untouched fields.
  useEffect(() => {
    if (!form.isFieldsTouched()) form.setFieldsValue(toForm(user));
  }, [form, user]);

  return (
    <Card title="个人资料" styles={{ body: { padding: 32 } }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 48, alignItems: 'flex-start' }}>
        <div style={{ width: 160, flexShrink: 0 }}>
          <AvatarUploader src={user.avatar} />
        </div>
        <div style={{ flex: 1, maxWidth: 520 }}>
          <Descriptions
            column={1}
            colon={false}
            style={{ marginBottom: 8 }}
            styles={{ label: { width: 88, color: '#666' } }}
          >
            <Descriptions.Item label="用户名">{user.username || '未设置'}</Descriptions.Item>
            <Descriptions.Item label="手机号">
              <span data-testid="profile-mobile">{user.mobile}</span>
              <Link to="/user/member/settings" style={{ marginLeft: 12 }}>
                更换
              </Link>
            </Descriptions.Item>
            <Descriptions.Item label="会员身份">
              {user.roles.map((r) => (
                <Tag key={r} color="purple">
                  {ROLE_NAMES[r] ?? r}
                </Tag>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label="注册时间">{formatTime(user.createdAt, 'YYYY年M月D日')}</Descriptions.Item>
          </Descriptions>
          <Form<FormValues>
            form={form}
            layout="horizontal"
            labelCol={{ flex: '88px' }}
            labelAlign="left"
            colon={false}
            initialValues={toForm(user)}
            onFinish={(v) =>
              save.mutate(v, {
                onSuccess: (saved) => {
                  // Untouched again, showing what the server kept (the nickname trimmed).
                  form.resetFields();
                  form.setFieldsValue(toForm(saved));
                },
              })
            }
          >
            <Form.Item
              label="昵称"
              name="nickname"
              rules={[
                { required: true, whitespace: true, message: '请填写昵称' },
                {
                  validator: (_r, v: string) =>
                    [...(v ?? '').trim()].length > 20
                      ? Promise.reject(new Error('昵称不能超过 20 个字符'))
                      : Promise.resolve(),
                },
                { pattern: NICKNAME, message: '昵称只能包含文字、数字、下划线、连字符和点' },
              ]}
            >
              <Input
                placeholder="2–20 个字符，将显示在页面顶部"
                maxLength={20}
                showCount
                data-testid="profile-nickname-input"
              />
            </Form.Item>
            <Form.Item label="性别" name="gender">
              <Radio.Group
                options={[
                  { value: 'male', label: '男' },
                  { value: 'female', label: '女' },
                  { value: 'unknown', label: '保密' },
                ]}
              />
            </Form.Item>
            <Form.Item label="生日" name="birthday">
              <DatePicker
                placeholder="选择生日"
                style={{ width: 220 }}
                // Past days only, from 1900 (as the server checks).
                disabledDate={(d) => !d.isBefore(dayjs(), 'day') || d.isBefore(dayjs('1900-01-01'), 'day')}
                defaultPickerValue={dayjs().subtract(25, 'year')}
              />
            </Form.Item>
            <Form.Item label=" ">
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                保存
              </Button>
            </Form.Item>
          </Form>
        </div>
      </div>
    </Card>
  );
}
